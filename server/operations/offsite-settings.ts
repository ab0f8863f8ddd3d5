import { isIP } from 'node:net';

/*
 * Where backups are copied off the machine (README.md, "Backups and restore"): S3-compatible
 * storage (AWS S3, Backblaze B2, Cloudflare R2, MinIO…), named by one URL or by separate
 * variables. Pure: the configuration (server/config.ts) reads it, the commands use what it
 * made. A value is never echoed with its secret.
 *
 *   BACKUP_S3_URL=s3://ACCESS_KEY_ID:SECRET@ENDPOINT_HOST[:PORT]/BUCKET[/PREFIX]?region=REGION
 *
 * or BACKUP_S3_ENDPOINT (https://host[:port]), BACKUP_S3_BUCKET, BACKUP_S3_PREFIX (optional),
 * BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY, BACKUP_S3_REGION (optional). The
 * archives travel over HTTPS; `s3+http://` (or an http:// endpoint) only to a server on this
 * machine (a test's stand-in, a local MinIO).
 */

export interface OffsiteSettings {
  /** `https://host[:port]` (http only for a loopback host). */
  endpoint: string;
  bucket: string;
  /** Put before each archive's name: '' or ending in `/` (`site-backups/`). */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addressed as `endpoint/bucket/key` rather than `bucket.endpoint/key` (needed for an IP address or localhost). */
  forcePathStyle: boolean;
}

export class OffsiteSettingsError extends Error {
  override name = 'OffsiteSettingsError';
  readonly variable: string;
  readonly problem: string;
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.variable = variable;
    this.problem = problem;
  }
}

const SEPARATE = ['BACKUP_S3_ENDPOINT', 'BACKUP_S3_BUCKET', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'] as const;
const OPTIONAL = ['BACKUP_S3_PREFIX', 'BACKUP_S3_REGION', 'BACKUP_S3_PATH_STYLE'] as const;
/** Every variable the off-site storage is read from (.env.example lists each). */
export const OFFSITE_VARIABLES: readonly string[] = ['BACKUP_S3_URL', ...SEPARATE, ...OPTIONAL];

/** S3's rules for a bucket's name (also B2's and R2's): 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const PREFIX = /^[A-Za-z0-9!_.*'()/-]{0,200}$/;

/** Reads the off-site storage's settings with `read` (null for unset or blank); null when none is configured. */
export function readOffsiteSettings(read: (name: string) => string | null): OffsiteSettings | null {
  const url = read('BACKUP_S3_URL');
  const given = [...SEPARATE, ...OPTIONAL].filter((name) => read(name) !== null);
  if (url !== null) {
    if (given.length > 0) throw new OffsiteSettingsError('BACKUP_S3_URL', `and ${given.join(', ')} are both set: name the storage one way, by the URL or by the separate variables`);
    return fromUrl(url);
  }
  if (given.length === 0) return null;
  const missing = SEPARATE.filter((name) => read(name) === null);
  if (missing.length > 0) throw new OffsiteSettingsError(missing[0]!, `must be set with ${given.join(', ')} (the off-site storage needs ${SEPARATE.join(', ')})`);
  const endpoint = endpointOf('BACKUP_S3_ENDPOINT', read('BACKUP_S3_ENDPOINT')!);
  const host = new URL(endpoint).hostname;
  return {
    endpoint,
    bucket: bucketOf('BACKUP_S3_BUCKET', read('BACKUP_S3_BUCKET')!),
    prefix: prefixOf('BACKUP_S3_PREFIX', read('BACKUP_S3_PREFIX') ?? ''),
    region: regionOf('BACKUP_S3_REGION', read('BACKUP_S3_REGION'), host),
    accessKeyId: read('BACKUP_S3_ACCESS_KEY_ID')!,
    secretAccessKey: read('BACKUP_S3_SECRET_ACCESS_KEY')!,
    forcePathStyle: pathStyleOf('BACKUP_S3_PATH_STYLE', read('BACKUP_S3_PATH_STYLE'), host),
  };
}

/** Where the archives go, in words for logs, the console and the commands: `bucket/prefix at host`; never a key. */
export function offsiteLabel(settings: Pick<OffsiteSettings, 'endpoint' | 'bucket' | 'prefix'>): string {
  return `${settings.bucket}/${settings.prefix} at ${new URL(settings.endpoint).host}`;
}

function fromUrl(raw: string): OffsiteSettings {
  const problem = `must be s3://ACCESS_KEY_ID:SECRET@HOST/BUCKET[/PREFIX]?region=REGION, with the key id and secret %-encoded (got ${shownUrl(raw)})`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OffsiteSettingsError('BACKUP_S3_URL', problem);
  }
  if ((url.protocol !== 's3:' && url.protocol !== 's3+http:') || url.hostname === '' || url.username === '' || url.password === '') {
    throw new OffsiteSettingsError('BACKUP_S3_URL', problem);
  }
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    throw new OffsiteSettingsError('BACKUP_S3_URL', `has a % in its key id or secret that is not a %-escape: write % as %25, / as %2F and + as %2B (got ${shownUrl(raw)})`);
  }
  const [bucket = '', ...rest] = url.pathname.replace(/^\/+/, '').split('/');
  if (bucket === '') throw new OffsiteSettingsError('BACKUP_S3_URL', `names no bucket: add it after the host, like s3://KEY:SECRET@${url.host}/my-bucket (got ${shownUrl(raw)})`);
  const known = new Set(['region', 'path_style']);
  const unknown = [...url.searchParams.keys()].find((key) => !known.has(key));
  if (unknown !== undefined) throw new OffsiteSettingsError('BACKUP_S3_URL', `takes region and path_style after ?, not ${JSON.stringify(unknown.slice(0, 40))} (got ${shownUrl(raw)})`);
  const scheme = url.protocol === 's3+http:' ? 'http' : 'https';
  const endpoint = endpointOf('BACKUP_S3_URL', `${scheme}://${url.host}`);
  return {
    endpoint,
    bucket: bucketOf('BACKUP_S3_URL', bucket),
    prefix: prefixOf('BACKUP_S3_URL', rest.join('/')),
    region: regionOf('BACKUP_S3_URL', url.searchParams.get('region'), url.hostname),
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyleOf('BACKUP_S3_URL', url.searchParams.get('path_style'), url.hostname),
  };
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}

/** `https://host[:port]`, nothing after it; http only for this machine: the archives hold the database. */
function endpointOf(variable: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OffsiteSettingsError(variable, `must name the storage's endpoint as https://HOST (got ${JSON.stringify(raw.slice(0, 200))})`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '' || url.username !== '' || url.password !== '' || (url.pathname !== '/' && url.pathname !== '') || url.search !== '') {
    throw new OffsiteSettingsError(variable, `must name the storage's endpoint as https://HOST[:PORT], nothing after it (got ${JSON.stringify(raw.slice(0, 200))})`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new OffsiteSettingsError(variable, `must use HTTPS (s3:// or https://): the archives hold the database and go over the network; plain HTTP is only for a server on this machine (got ${url.host})`);
  }
  return url.origin;
}

function bucketOf(variable: string, raw: string): string {
  if (!BUCKET.test(raw)) throw new OffsiteSettingsError(variable, `must name a bucket of 3 to 63 lower-case letters, digits, dots and hyphens (got ${JSON.stringify(raw.slice(0, 80))})`);
  return raw;
}

/** A folder inside the bucket: '' or `name/`, without a leading slash or `..`. */
function prefixOf(variable: string, raw: string): string {
  const trimmed = raw.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!PREFIX.test(trimmed) || trimmed.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new OffsiteSettingsError(variable, `must name a folder in the bucket with letters, digits and - _ . / (got ${JSON.stringify(raw.slice(0, 80))})`);
  }
  return `${trimmed}/`;
}

/**
 * The storage's region: as given, else read from an AWS or Backblaze B2 endpoint's host
 * (`s3.eu-west-1.amazonaws.com`, `s3.us-west-004.backblazeb2.com`), else `auto` (Cloudflare R2's).
 */
function regionOf(variable: string, raw: string | null, host: string): string {
  if (raw !== null) {
    if (!REGION.test(raw)) throw new OffsiteSettingsError(variable, `must give a region like eu-west-1, us-west-004 or auto (got ${JSON.stringify(raw.slice(0, 60))})`);
    return raw;
  }
  const named = /^s3[.-]([a-z0-9-]+)\.(?:amazonaws\.com|backblazeb2\.com)$/.exec(host)?.[1];
  if (named !== undefined && named !== 'external-1') return named;
  if (/(^|\.)amazonaws\.com$/.test(host)) return 'us-east-1';
  return 'auto';
}

/** `true`/`false`; by default path style for an IP address or localhost (no bucket sub-domain there). */
function pathStyleOf(variable: string, raw: string | null, host: string): boolean {
  if (raw === null) return isIP(host.replace(/^\[|\]$/g, '')) !== 0 || isLoopback(host);
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new OffsiteSettingsError(variable, `path_style must be true or false (got ${JSON.stringify(raw.slice(0, 20))})`);
}

/** The URL with its secret hidden. */
function shownUrl(raw: string): string {
  const hidden = raw.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*):[^@/?#]*@/i, '$1:***@');
  return JSON.stringify(hidden.length > 200 ? `${hidden.slice(0, 200)}…` : hidden);
}
