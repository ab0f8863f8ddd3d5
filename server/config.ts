import { isPostgresUrl } from './db/dialect.ts';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { readRetentionDays, RetentionSettingError, type RetentionDays } from '../src/validation/privacy/retention-periods.ts';
import { BackupScheduleError, DEFAULT_BACKUP_SCHEDULE, parseBackupSchedule, type BackupSchedule } from './operations/backup-schedule.ts';
import { OffsiteSettingsError, readOffsiteSettings, type OffsiteSettings } from './operations/offsite-settings.ts';

/**
 * The server's whole configuration, read once from environment variables at start.
 * Optional services are `null` when not configured, so callers branch on one value.
 */
export interface Config {
  port: number;
  host: string;
  /** Slow and stalled clients (REQUEST_TIMEOUT, HEADERS_TIMEOUT, KEEP_ALIVE_TIMEOUT, SHUTDOWN_GRACE, LINGER_TIMEOUT). */
  timeouts: Timeouts;
  /** MAIL_MAX_AGE: mail is retried until it is this old, then held as failed. */
  mailMaxAgeMs: number;
  /** UPLOAD_RETAIN_DAYS: uploaded files are deleted this long after their submission. */
  /** How long each kind of record is kept, in days (README, "Privacy"). */
  retention: RetentionDays;
  uploadRetainDays: number;
  /** RATE_LIMIT_STORE: where per-address counts live (shared in the database on PostgreSQL or several processes). */
  rateLimitStore: 'memory' | 'database';
  /** WEB_CONCURRENCY: server processes (one per core by default); 1 runs a single process. */
  webConcurrency: number;
  /** SQLITE_SYNCHRONOUS: when a SQLite commit reaches the disk (see db/create-database.ts). */
  sqliteSynchronous: SqliteSynchronous;
  /** `sqlite:<path>` (relative paths resolve against the working directory) or `postgres://…`. */
  databaseUrl: string;
  /**
   * PostgreSQL's time limits (DATABASE_STATEMENT_TIMEOUT, DATABASE_CONNECT_TIMEOUT): a statement
   * or a connection that takes longer fails, and the request is answered 503 instead of waiting
   * for a database that hangs (README.md, "Faults the server survives").
   */
  databaseTimeouts: DatabaseTimeouts;
  smtpUrl: string | null;
  /** One or more addresses, normalised to `a@x.example, b@y.example`. */
  mailTo: string | null;
  recaptchaSiteKey: string | null;
  recaptchaSecret: string | null;
  recaptchaVerifyUrl: string;
  googleMapsApiKey: string | null;
  /** MAP_LOAD: Google Maps loads when the visitor asks (`click`, the default) or when its section comes near (`visible`). */
  mapLoad: 'click' | 'visible';
  /** LIGHTGALLERY_LICENSE_KEY: lightGallery's commercial key; null: its GPLv3 key. Public. */
  lightGalleryLicenseKey: string | null;
  /** When null the server generates one and keeps it in the `settings` table. */
  nonceSecret: string | null;
  /**
   * The key of client addresses' keyed hashes, kept out of the database (README, "Privacy"):
   * ADDRESS_HASH_SECRET, else `addressHashKeyFile` (created on first start; null for an
   * in-memory database, whose hashes live no longer than it).
   */
  addressHashSecret: string | null;
  addressHashKeyFile: string | null;
  logLevel: LogLevel;
  /** Absolute path of the built site. */
  staticRoot: string;
  /** Sender of outgoing mail; null: the first MAIL_TO address. */
  mailFrom: string | null;
  /** Absolute path where uploaded files are kept: never inside the web root. */
  uploadDir: string;
  /** SITE_GENERATIONS_DIR: where the pages rendered for published content are written (README.md "Live in seconds"). */
  siteGenerationsDir: string;
  /** CONTENT_POLL_INTERVAL: how often the live content revision is read from the database; 0: never. */
  contentPollIntervalMs: number;
  /** UPLOAD_DAILY_BYTES: bytes of files one address may have stored per day (counted in the database). */
  uploadDailyBytes: number;
  /** UPLOAD_MIN_FREE_BYTES: files are refused when UPLOAD_DIR's disk has less free space than this; 0: no floor. */
  uploadMinFreeBytes: number;
  /**
   * DATABASE_MIN_FREE_BYTES: below this much free space on the SQLite database's disk, /healthz
   * says `disk: low` with 503 (README.md "Faults the server survives"); 0: no floor.
   */
  databaseMinFreeBytes: number;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (never "any"). */
  trustProxy: false | number | string[];
  /** Submissions per IP address and window on POST feedback; null: no limit. */
  feedbackRateLimit: RateLimit | null;
  /** Words that make a submission spam (CF7's disallowed list), lower case. */
  disallowedWords: string[];
  /** Newsletter sign-ups per IP address and window; null: no limit. */
  newsletterRateLimit: RateLimit | null;
  /** NEWSLETTER_DOMAIN_MAIL_LIMIT: confirmation mails to one recipient domain per window; null: off. */
  newsletterDomainMailLimit: RateLimit | null;
  /** CLICK_COUNTS: the click counts endpoint answers counts (`on`) or `false` (`off`, the default). */
  clickCounts: boolean;
  /** CLICK_RETAIN_DAYS: link clicks are deleted this long after they happened. */
  clickRetainDays: number;
  /** CLICK_RATE_LIMIT: click beacons per IP address and window; null: no limit. */
  clickRateLimit: RateLimit | null;
  /**
   * The site's public base URL without a trailing slash (`https://www.example.co.za`): links in
   * mail are built from it, because mail is written for a worker, not answered to a request.
   */
  siteUrl: string;
  /** SITE_TIMEZONE: the company's time zone (IANA name); the console and the commands show times in it. */
  siteTimeZone: string;
  /** CONSOLE_SIGN_IN_RATE_LIMIT: passkey ceremonies per IP address and window (README.md, "The console"). */
  consoleSignInRateLimit: RateLimit | null;
  /** CONTENT_PUBLISH_RATE_LIMIT: publishes, restores and new projects per console person and window (each renders the site); null: no limit. */
  contentPublishRateLimit: RateLimit | null;
  /** CONTENT_PREVIEW_RATE_LIMIT: the editor's previews per console person and window; null: no limit. */
  contentPreviewRateLimit: RateLimit | null;
  /** MEDIA_UPLOAD_RATE_LIMIT: picture uploads per console person and window; null: no limit. */
  mediaUploadRateLimit: RateLimit | null;
  /** BREVO_API_KEY: the newsletter service's key; null: subscribers are not synced (README.md "The newsletter service (Brevo)"). */
  brevoApiKey: string | null;
  /** BREVO_API_URL: Brevo's API origin (tests point it at a stand-in); paths are `/v3/…`. */
  brevoApiUrl: string;
  /** BREVO_LIST_IDS: the forms' list ids → Brevo's list ids; an id not named is Brevo's own. */
  brevoListIds: ReadonlyMap<number, number>;
  /** BREVO_POLL_INTERVAL: how often unsubscribes made in Brevo are fetched. */
  brevoPollIntervalMs: number;
  /** BACKUP_DIR: absolute path where backup archives are written (README.md, "Backups and restore"). */
  backupDir: string;
  /** BACKUP_SCHEDULE: the times of day (SITE_TIMEZONE, minutes past midnight) the jobs process backs up; empty: off. */
  backupSchedule: BackupSchedule;
  /** BACKUP_KEEP: how many of its archives the schedule keeps in BACKUP_DIR. */
  backupKeep: number;
  /** BACKUP_S3_URL or BACKUP_S3_*: where each archive is copied off the machine (README.md, "Backups and restore"); null: nowhere. */
  backupOffsite: OffsiteSettings | null;
  /** MEDIA_DIR: absolute path of the console's uploaded pictures' variants (README.md, "Pictures in the console"). */
  mediaDir: string;
  /** MEDIA_MAX_BYTES: what the uploaded pictures' variants in MEDIA_DIR may take together (the media library's quota). */
  mediaMaxBytes: number;
  /**
   * FORM_ACTION_SECRETS: the variables a contact form's API action may send as a header
   * (`env:NAME`), by name, with their values; no other variable of the server is ever read for content.
   */
  formActionSecrets: ReadonlyMap<string, string>;
}

export type SqliteSynchronous = 'normal' | 'full';

export interface DatabaseTimeouts {
  /** How long one statement may run before PostgreSQL cancels it (the client gives up a second later). */
  statementMs: number;
  /** How long opening a connection, or waiting for one of the pool's, may take. */
  connectMs: number;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULTS = {
  port: 8080,
  host: '127.0.0.1',
  databaseUrl: 'sqlite:data/site.db',
  recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  logLevel: 'info' as LogLevel,
  staticRoot: 'dist/client',
  uploadDir: 'data/uploads',
  backupDir: 'data/backups',
  siteGenerationsDir: 'data/site',
  mediaDir: 'data/media',
  // Hundreds of photos: a 4000 × 3000 JPEG's nine variants take about 1.5 MB.
  mediaMaxBytes: 1024 * 1024 * 1024,
  // Two weeks of daily backups.
  backupKeep: 14,
  // Ten of the largest file a form takes (5 MB) a day: a person sends one or two.
  uploadDailyBytes: 50 * 1024 * 1024,
  // Room left for the database, its journal and the logs when uploads stop.
  uploadMinFreeBytes: 1024 * 1024 * 1024,
  // Room for a day of messages, the write-ahead log and a backup's temporary copy of a small
  // database: SQLite fills the pages it has before it needs new ones, so a write probe still
  // passes long after a message no longer fits (README.md "Faults the server survives").
  databaseMinFreeBytes: 100 * 1024 * 1024,
  // A person sends a form a few times at most; an office behind one NAT address may send more.
  feedbackRateLimit: { max: 20, windowMs: 10 * 60 * 1000 } as RateLimit,
  // Signing up is one request per person; a bot trying addresses is not.
  newsletterRateLimit: { max: 10, windowMs: 10 * 60 * 1000 } as RateLimit,
  // A handful of new sign-ups an hour per domain is plenty for a small business's list.
  newsletterDomainMailLimit: { max: 5, windowMs: 60 * 60 * 1000 } as RateLimit,
  // A visitor clicks a few links a minute; a script replaying beacons clicks thousands.
  clickRateLimit: { max: 120, windowMs: 60 * 1000 } as RateLimit,
  consoleSignInRateLimit: { max: 30, windowMs: 10 * 60 * 1000 } as RateLimit,
  // Per console person (README.md, "Abuse paths and the limits that stop them"): a publish or a
  // preview renders the site, an upload encodes a picture; a person editing makes a few a minute.
  contentPublishRateLimit: { max: 30, windowMs: 10 * 60 * 1000 } as RateLimit,
  contentPreviewRateLimit: { max: 60, windowMs: 10 * 60 * 1000 } as RateLimit,
  mediaUploadRateLimit: { max: 30, windowMs: 10 * 60 * 1000 } as RateLimit,
  databaseTimeouts: {
    // Far above any query the site makes (milliseconds), far below a visitor's patience.
    statementMs: 5_000,
    connectMs: 3_000,
  } as DatabaseTimeouts,
  timeouts: {
    // A whole request, body included: an upload of the largest form on a slow line fits, a
    // client that stops sending is answered 408 (or closed) well within 30 s.
    requestMs: 20_000,
    headersMs: 10_000,
    keepAliveMs: 5_000,
    // How long SIGTERM lets requests in flight finish before closing what is still open.
    shutdownGraceMs: 5_000,
    // After an answer sent before the body was read, how long the rest is read and dropped.
    lingerMs: 5_000,
  } as Timeouts,
} as const;

export interface Timeouts {
  /** Until a request has arrived whole; Node answers 408 and closes the connection after it. */
  requestMs: number;
  /** Until a request's headers have arrived. */
  headersMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveMs: number;
  /** On SIGTERM: how long requests in flight may take before open connections are closed. */
  shutdownGraceMs: number;
  /** After an answer sent before the body was read: how long the rest is read and dropped (0: closed at once). */
  lingerMs: number;
}

/**
 * Default disallowed words (CF7's "Disallowed Comment Keys"): matched case-insensitively as
 * substrings of every posted value and the user agent. Chosen never to hit a real enquiry to a
 * display company (no "casino": casinos buy video walls).
 */
export const DEFAULT_DISALLOWED_WORDS: readonly string[] = [
  'viagra',
  'cialis',
  'levitra',
  'payday loan',
  'porn',
  '[url=',
  '<a href=',
  'bitcoin doubler',
  'buy backlinks',
  'seo ranking guaranteed',
];

export const NONCE_SECRET_MIN_LENGTH = 32;
export const ADDRESS_HASH_KEY_FILE_NAME = 'address-hash.key';

/** A configuration problem; `message` is one line that names the variable. */
export class ConfigError extends Error {
  readonly variable: string;

  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates the configuration. Pure: the environment and working directory are
 * parameters so tests can pass their own. Throws ConfigError on the first bad value.
 */
export function loadConfig(given: Env, cwd: string = process.cwd()): Config {
  // Every variable the server reads for itself, so FORM_ACTION_SECRETS can never name one.
  const serverVariables = new Set<string>(SERVER_ONLY_VARIABLES);
  const env = readsNoted(given, serverVariables);
  const recaptchaSiteKey = readToken(env, 'RECAPTCHA_SITE_KEY');
  const recaptchaSecret = readSecretToken(env, 'RECAPTCHA_SECRET');
  // One without the other cannot work: the browser would show a captcha nobody verifies,
  // or the server would demand a token no browser can produce.
  if (recaptchaSiteKey !== null && recaptchaSecret === null) {
    throw new ConfigError('RECAPTCHA_SECRET', 'must be set when RECAPTCHA_SITE_KEY is set');
  }
  if (recaptchaSecret !== null && recaptchaSiteKey === null) {
    throw new ConfigError('RECAPTCHA_SITE_KEY', 'must be set when RECAPTCHA_SECRET is set');
  }

  const staticRoot = path.resolve(cwd, read(env, 'STATIC_ROOT') ?? DEFAULTS.staticRoot);
  const mailTo = readMailTo(env);
  const mailFrom = readMailFrom(env);
  const smtpUrl = readSmtpUrl(env);
  const port = readPort(env);
  const host = readHost(env);
  const siteUrl = readSiteUrl(env, host, port);
  const timeouts = readTimeouts(env);
  const mailMaxAgeMs = readMailMaxAge(env);
  const retention = readRetention(env);
  const databaseUrl = readDatabaseUrl(env);
  const webConcurrency = readWebConcurrency(env, databaseUrl);
  const rateLimitStore = readRateLimitStore(env, databaseUrl, webConcurrency);
  if (smtpUrl !== null && read(env, 'SITE_URL') === null) {
    // Confirm and unsubscribe links in mail are built from it; the default is where the server
    // listens, which no reader of the mail can reach.
    throw new ConfigError('SITE_URL', `must be set when SMTP_URL is: links in mail would point at ${siteUrl}`);
  }
  if (smtpUrl !== null && mailFrom === null && mailTo === null) {
    throw new ConfigError('MAIL_FROM', 'must be set (or MAIL_TO) when SMTP_URL is: mail needs a sender address');
  }
  const settings: Omit<Config, 'formActionSecrets'> = {
    port,
    host,
    timeouts,
    mailMaxAgeMs,
    retention,
    uploadRetainDays: retention.uploads,
    rateLimitStore,
    webConcurrency,
    sqliteSynchronous: readSqliteSynchronous(env),
    databaseUrl,
    databaseTimeouts: readDatabaseTimeouts(env),
    smtpUrl,
    mailTo,
    recaptchaSiteKey,
    recaptchaSecret,
    recaptchaVerifyUrl: readHttpUrl(env, 'RECAPTCHA_VERIFY_URL', DEFAULTS.recaptchaVerifyUrl),
    googleMapsApiKey: readToken(env, 'GOOGLE_MAPS_API_KEY'),
    mapLoad: readMapLoad(env),
    lightGalleryLicenseKey: readToken(env, 'LIGHTGALLERY_LICENSE_KEY'),
    nonceSecret: readNonceSecret(env),
    addressHashSecret: readAddressHashSecret(env),
    addressHashKeyFile: readAddressHashKeyFile(env, cwd, databaseUrl),
    logLevel: readLogLevel(env),
    staticRoot,
    mailFrom,
    uploadDir: readUploadDir(env, cwd, staticRoot),
    siteGenerationsDir: readPrivateFolder(env, 'SITE_GENERATIONS_DIR', DEFAULTS.siteGenerationsDir, cwd, staticRoot),
    contentPollIntervalMs: readContentPollInterval(env),
    // The budget's count is a 32-bit column: at most 1 GB.
    uploadDailyBytes: readBytes(env, 'UPLOAD_DAILY_BYTES', DEFAULTS.uploadDailyBytes, { min: 1, max: 1024 ** 3 }),
    uploadMinFreeBytes: readBytes(env, 'UPLOAD_MIN_FREE_BYTES', DEFAULTS.uploadMinFreeBytes, { min: 0, max: Number.MAX_SAFE_INTEGER }),
    databaseMinFreeBytes: readBytes(env, 'DATABASE_MIN_FREE_BYTES', DEFAULTS.databaseMinFreeBytes, { min: 0, max: Number.MAX_SAFE_INTEGER }),
    trustProxy: readTrustProxy(env),
    feedbackRateLimit: readRateLimit(env, 'FEEDBACK_RATE_LIMIT', DEFAULTS.feedbackRateLimit),
    disallowedWords: readDisallowedWords(env),
    newsletterRateLimit: readRateLimit(env, 'NEWSLETTER_RATE_LIMIT', DEFAULTS.newsletterRateLimit),
    newsletterDomainMailLimit: readRateLimit(env, 'NEWSLETTER_DOMAIN_MAIL_LIMIT', DEFAULTS.newsletterDomainMailLimit),
    clickCounts: readOnOff(env, 'CLICK_COUNTS', false),
    clickRetainDays: retention.clicks,
    clickRateLimit: readRateLimit(env, 'CLICK_RATE_LIMIT', DEFAULTS.clickRateLimit),
    siteUrl,
    siteTimeZone: readTimeZone(env),
    consoleSignInRateLimit: readRateLimit(env, 'CONSOLE_SIGN_IN_RATE_LIMIT', DEFAULTS.consoleSignInRateLimit),
    contentPublishRateLimit: readRateLimit(env, 'CONTENT_PUBLISH_RATE_LIMIT', DEFAULTS.contentPublishRateLimit),
    contentPreviewRateLimit: readRateLimit(env, 'CONTENT_PREVIEW_RATE_LIMIT', DEFAULTS.contentPreviewRateLimit),
    mediaUploadRateLimit: readRateLimit(env, 'MEDIA_UPLOAD_RATE_LIMIT', DEFAULTS.mediaUploadRateLimit),
    brevoApiKey: readSecretToken(env, 'BREVO_API_KEY'),
    brevoApiUrl: readHttpUrl(env, 'BREVO_API_URL', 'https://api.brevo.com').replace(/\/+$/, ''),
    brevoListIds: readBrevoListIds(env),
    brevoPollIntervalMs: readDuration(env, 'BREVO_POLL_INTERVAL', 10 * 60_000, 1000, 24 * 3_600_000),
    // The archives hold the database and the key: never where the server serves files.
    backupDir: readPrivateFolder(env, 'BACKUP_DIR', DEFAULTS.backupDir, cwd, staticRoot),
    backupSchedule: readBackupSchedule(env),
    backupKeep: readBackupKeep(env),
    backupOffsite: readBackupOffsite(env),
    // Served below /assets/images/ by server/media-library/, outside the build's folder (a build replaces it).
    mediaDir: readPrivateFolder(env, 'MEDIA_DIR', DEFAULTS.mediaDir, cwd, staticRoot),
    mediaMaxBytes: readBytes(env, 'MEDIA_MAX_BYTES', DEFAULTS.mediaMaxBytes, { min: 1024 * 1024, max: 1024 ** 4 }),
  };
  // Last: by now every setting above has been read, and so is in serverVariables.
  return { ...settings, formActionSecrets: readFormActionSecrets(given, serverVariables) };
}

/**
 * Variables that hold the server's own secrets without being one of its settings: the database
 * client's and the process supervisor's. With every name loadConfig reads (readsNoted), they are
 * what FORM_ACTION_SECRETS may never name.
 */
const SERVER_ONLY_VARIABLES: readonly string[] = [
  'FORM_ACTION_SECRETS',
  'TEST_DATABASE_URL',
  'SERVER_PROCESS_ROLE',
  'PGPASSWORD',
  'PGPASSFILE',
  'PGUSER',
  'PGHOST',
  'PGDATABASE',
  'PGSERVICE',
  'PGSERVICEFILE',
];

/** `env`, noting in `names` every variable read from it. */
function readsNoted(env: Env, names: Set<string>): Env {
  return new Proxy(env, {
    get(target, key, receiver) {
      if (typeof key === 'string') names.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/**
 * FORM_ACTION_SECRETS: names of variables, comma-separated, that a contact form's API action may
 * send as a header value `env:NAME` (README.md, "Configuration"); none by default. Each must be
 * set, and none may be one of the server's own settings (`serverVariables`): whoever edits the
 * repository's form chooses which tokens it sends, never the server's configuration.
 */
function readFormActionSecrets(env: Env, serverVariables: ReadonlySet<string>): ReadonlyMap<string, string> {
  const raw = read(env, 'FORM_ACTION_SECRETS');
  const secrets = new Map<string, string>();
  if (raw === null) return secrets;
  for (const name of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    if (!/^[A-Z][A-Z0-9_]{0,63}$/.test(name)) throw new ConfigError('FORM_ACTION_SECRETS', `must be variable names like CRM_TOKEN, comma-separated (got ${shown(name)})`);
    if (serverVariables.has(name)) {
      throw new ConfigError('FORM_ACTION_SECRETS', `must not name ${name}: it is the server's own configuration, which a form's request never sends (name a variable of the outside service's token, like CRM_TOKEN)`);
    }
    const value = read(env, name);
    if (value === null) throw new ConfigError('FORM_ACTION_SECRETS', `names ${name}, which is not set`);
    secrets.set(name, value);
  }
  return secrets;
}

/** BACKUP_SCHEDULE: `off` or times of day as HH:MM (operations/backup-schedule.ts); default 02:00. */
function readBackupSchedule(env: Env): BackupSchedule {
  try {
    return parseBackupSchedule(read(env, 'BACKUP_SCHEDULE') ?? DEFAULT_BACKUP_SCHEDULE);
  } catch (error) {
    if (error instanceof BackupScheduleError) throw new ConfigError('BACKUP_SCHEDULE', error.message);
    throw error;
  }
}

/** BACKUP_KEEP: 1 to 1000 archives. */
function readBackupKeep(env: Env): number {
  const raw = read(env, 'BACKUP_KEEP');
  if (raw === null) return DEFAULTS.backupKeep;
  const count = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(count >= 1 && count <= 1000)) throw new ConfigError('BACKUP_KEEP', `must be a whole number of archives from 1 to 1000 (got ${shown(raw)})`);
  return count;
}

/** BACKUP_S3_URL, or BACKUP_S3_ENDPOINT, _BUCKET, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY (operations/offsite-settings.ts); none by default. */
function readBackupOffsite(env: Env): OffsiteSettings | null {
  try {
    return readOffsiteSettings((name) => read(env, name));
  } catch (error) {
    if (error instanceof OffsiteSettingsError) throw new ConfigError(error.variable, error.problem);
    throw error;
  }
}

/** SITE_TIMEZONE: an IANA zone the runtime knows (default Africa/Johannesburg, the company's). */
function readTimeZone(env: Env): string {
  const raw = read(env, 'SITE_TIMEZONE') ?? 'Africa/Johannesburg';
  try {
    return new Intl.DateTimeFormat('en-ZA', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError('SITE_TIMEZONE', `must be a time zone name like Africa/Johannesburg (got ${JSON.stringify(raw.slice(0, 60))})`);
  }
}

/** An unset or blank variable counts as unset, so `PORT=` in a compose file means the default. */
function read(env: Env, name: string): string | null {
  const value = env[name];
  if (value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Quotes a value for the error line; JSON escaping keeps it on one line. */
function shown(value: string): string {
  return JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
}

/** Shows a URL without its password, which must never reach logs or terminals. */
function shownUrl(value: string): string {
  return shown(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*):[^@/?#]*@/i, '$1:***@'));
}

function readPort(env: Env): number {
  const raw = read(env, 'PORT');
  if (raw === null) return DEFAULTS.port;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw new ConfigError('PORT', `must be an integer from 1 to 65535 (got ${shown(raw)})`);
  }
  return port;
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function readHost(env: Env): string {
  const raw = read(env, 'HOST');
  if (raw === null) return DEFAULTS.host;
  if (isIP(raw) === 0 && !HOSTNAME.test(raw)) {
    throw new ConfigError('HOST', `must be an IP address or a host name (got ${shown(raw)})`);
  }
  return raw;
}

function readDatabaseUrl(env: Env): string {
  const raw = read(env, 'DATABASE_URL');
  if (raw === null) return DEFAULTS.databaseUrl;
  const problem = `must be sqlite:<path> or a postgres:// URL (got ${shownUrl(raw)})`;
  if (raw.startsWith('sqlite:')) {
    if (raw.slice('sqlite:'.length).trim() === '') throw new ConfigError('DATABASE_URL', problem);
    return raw;
  }
  const url = parseUrl(raw);
  if (url === null || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.hostname === '') {
    throw new ConfigError('DATABASE_URL', problem);
  }
  return raw;
}

function readSmtpUrl(env: Env): string | null {
  const raw = read(env, 'SMTP_URL');
  if (raw === null) return null;
  const url = parseUrl(raw);
  if (url === null || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new ConfigError('SMTP_URL', `must be an smtp:// or smtps:// URL with a host (got ${shownUrl(raw)})`);
  }
  if (url.port !== '' && Number(url.port) < 1) {
    throw new ConfigError('SMTP_URL', `must have a port from 1 to 65535 (got ${shownUrl(raw)})`);
  }
  return raw;
}

// Deliberately simple: the SMTP server is the final judge; this catches typos and
// placeholders such as "admin" or "you@" before the first message is lost to them.
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]{2,}$/;

function readMailTo(env: Env): string | null {
  const raw = read(env, 'MAIL_TO');
  if (raw === null) return null;
  const addresses = raw.split(',').map((part) => part.trim());
  if (addresses.some((address) => !EMAIL.test(address))) {
    throw new ConfigError('MAIL_TO', `must be an e-mail address or a comma-separated list of them (got ${shown(raw)})`);
  }
  return addresses.join(', ');
}

function readMailFrom(env: Env): string | null {
  const raw = read(env, 'MAIL_FROM');
  if (raw === null) return null;
  if (!EMAIL.test(raw)) throw new ConfigError('MAIL_FROM', `must be one e-mail address (got ${shown(raw)})`);
  return raw;
}

/** Uploads must never be reachable as static files, so the folder may not sit in the web root. */
function readUploadDir(env: Env, cwd: string, staticRoot: string): string {
  return readPrivateFolder(env, 'UPLOAD_DIR', DEFAULTS.uploadDir, cwd, staticRoot);
}

/** A folder the server must never serve (uploads, backups): anywhere but inside STATIC_ROOT. */
function readPrivateFolder(env: Env, name: string, fallback: string, cwd: string, staticRoot: string): string {
  const raw = read(env, name) ?? fallback;
  const folder = path.resolve(cwd, raw);
  const relative = path.relative(staticRoot, folder);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    throw new ConfigError(name, `must be a folder outside STATIC_ROOT, the web root (got ${shown(raw)})`);
  }
  return folder;
}

const BYTE_UNITS: Record<string, number> = { '': 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** A size in bytes, or in KB, MB or GB (of 1,024), from `min` to `max`. */
function readBytes(env: Env, name: string, fallback: number, { min, max }: { min: number; max: number }): number {
  const raw = read(env, name);
  if (raw === null) return fallback;
  const match = /^(\d{1,13})\s*(KB|MB|GB)?$/i.exec(raw);
  const bytes = match ? Number(match[1]) * (BYTE_UNITS[(match[2] ?? '').toUpperCase()] ?? NaN) : NaN;
  if (!(bytes >= min && bytes <= max)) {
    const upTo = max >= Number.MAX_SAFE_INTEGER ? '' : ` up to ${max / 1024 ** 3}GB`;
    throw new ConfigError(name, `must be a size in bytes (or KB, MB, GB) of at least ${min}${upTo}, like 50MB (got ${shown(raw)})`);
  }
  return bytes;
}

/**
 * Behind a load balancer the client's address is in X-Forwarded-For, which may only be believed
 * from the proxy itself: a number trusts that many hops, a list those addresses. `true` (trust
 * any) is refused: every client could then write its own X-Forwarded-For and pass for another
 * address, which undoes the rate limits.
 */
function readTrustProxy(env: Env): false | number | string[] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === null || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') {
    throw new ConfigError(
      'TRUST_PROXY',
      'must not be true (any client could forge X-Forwarded-For and dodge the rate limits): give the number of proxies in front of the server, like 1, or their addresses',
    );
  }
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const addresses = raw.split(',').map((part) => part.trim());
  const isAddress = (part: string) => {
    const [ip = '', bits, ...rest] = part.split('/');
    const version = isIP(ip);
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  };
  if (!addresses.every(isAddress)) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must be false, a hop count or a comma-separated list of IP addresses or CIDR ranges (got ${shown(raw)})`,
    );
  }
  return addresses;
}

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** `<n>ms`, `<n>s` or `<n>m`, between `min` and `max` milliseconds. */
function readDuration(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === null) return fallback;
  const match = /^(\d{1,7})(ms|s|m)$/.exec(raw);
  const ms = match ? Number(match[1]) * (match[2] === 'ms' ? 1 : (DURATION_UNITS[match[2] ?? ''] ?? NaN)) : NaN;
  if (!(ms >= min && ms <= max)) {
    throw new ConfigError(name, `must be a duration from ${min / 1000}s to ${max / 1000}s, like ${fallback / 1000}s (got ${shown(raw)})`);
  }
  return ms;
}

/** CONTENT_POLL_INTERVAL: a duration from 100ms to 1m (default 1s), or 0 / off for none. */
function readContentPollInterval(env: Env): number {
  const raw = read(env, 'CONTENT_POLL_INTERVAL');
  if (raw === '0' || raw === 'off') return 0;
  try {
    return readDuration(env, 'CONTENT_POLL_INTERVAL', 1000, 100, 60_000);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ConfigError('CONTENT_POLL_INTERVAL', `must be a duration from 100ms to 1m, like 1s, or 0 or off (got ${shown(raw ?? '')})`);
  }
}

/**
 * `database` counts every server's requests together (several processes, or several servers on
 * one PostgreSQL database), `memory` counts per process. Default: database whenever more than
 * one process serves the site (WEB_CONCURRENCY above 1, or PostgreSQL, which is there for
 * several servers); memory for a single process on SQLite.
 */
function readRateLimitStore(env: Env, databaseUrl: string, webConcurrency: number): 'memory' | 'database' {
  const raw = read(env, 'RATE_LIMIT_STORE');
  if (raw === null) return isPostgresUrl(databaseUrl) || webConcurrency > 1 ? 'database' : 'memory';
  if (raw === 'memory' || raw === 'database') return raw;
  throw new ConfigError('RATE_LIMIT_STORE', `must be memory or database (got ${shown(raw)})`);
}

/** Enough for any machine this site will run on; more processes than cores only compete. */
const MAX_WEB_CONCURRENCY = 64;

/**
 * Server processes: by default one per core the process may use (`os.availableParallelism`);
 * `1` turns the cluster off. A database in memory belongs to one process, so it runs one.
 */
function readWebConcurrency(env: Env, databaseUrl: string): number {
  const raw = read(env, 'WEB_CONCURRENCY');
  const inMemory = databaseUrl === 'sqlite::memory:';
  if (raw === null) return inMemory ? 1 : Math.min(availableParallelism(), MAX_WEB_CONCURRENCY);
  const count = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(count >= 1 && count <= MAX_WEB_CONCURRENCY)) {
    throw new ConfigError('WEB_CONCURRENCY', `must be a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY} (got ${shown(raw)})`);
  }
  if (inMemory && count > 1) {
    throw new ConfigError('WEB_CONCURRENCY', `must be 1 with DATABASE_URL=sqlite::memory: (each process would have a database of its own; got ${shown(raw)})`);
  }
  return count;
}

/**
 * `normal` (the default): in WAL mode a commit is in the log when the request is answered and
 * survives the process being killed, but the log is synced to the disk only at checkpoints,
 * so a power cut or an operating system crash may lose the last moments' commits. `full` syncs
 * the log at every commit (survives those too) and costs a disk sync per commit, which the
 * event loop waits for: on the benchmark machine a quarter of the feedback rate (1,480 against
 * 1,960 requests/s in one process).
 */
function readSqliteSynchronous(env: Env): SqliteSynchronous {
  const raw = read(env, 'SQLITE_SYNCHRONOUS');
  if (raw === null) return 'normal';
  if (raw === 'normal' || raw === 'full') return raw;
  throw new ConfigError('SQLITE_SYNCHRONOUS', `must be normal or full (got ${shown(raw)})`);
}

/** Every retention period (src/validation/privacy/retention-periods.ts), refused with the config's one line. */
function readRetention(env: Env): RetentionDays {
  try {
    return readRetentionDays(env);
  } catch (error) {
    if (error instanceof RetentionSettingError) throw new ConfigError(error.variable, error.problem);
    throw error;
  }
}

/** MAP_LOAD: `click` (default) or `visible`. */
function readMapLoad(env: Env): 'click' | 'visible' {
  const raw = read(env, 'MAP_LOAD');
  if (raw === null) return 'click';
  if (raw === 'click' || raw === 'visible') return raw;
  throw new ConfigError('MAP_LOAD', `must be click or visible (got ${shown(raw)})`);
}

/** `on` or `off`. */
function readOnOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === null) return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(name, `must be on or off (got ${shown(raw)})`);
}


/** `<n>h` or `<n>d`, from an hour to 90 days; default a week. */
function readMailMaxAge(env: Env): number {
  const raw = read(env, 'MAIL_MAX_AGE');
  if (raw === null) return 7 * 24 * 3_600_000;
  const match = /^(\d{1,4})(h|d)$/.exec(raw);
  const ms = match ? Number(match[1]) * (match[2] === 'd' ? 24 : 1) * 3_600_000 : NaN;
  if (!(ms >= 3_600_000 && ms <= 90 * 24 * 3_600_000)) {
    throw new ConfigError('MAIL_MAX_AGE', `must be a duration in hours or days from 1h to 90d, like 7d (got ${shown(raw)})`);
  }
  return ms;
}

function readTimeouts(env: Env): Timeouts {
  const fallback = DEFAULTS.timeouts;
  const requestMs = readDuration(env, 'REQUEST_TIMEOUT', fallback.requestMs, 1000, 30_000);
  const headersMs = readDuration(env, 'HEADERS_TIMEOUT', Math.min(fallback.headersMs, requestMs), 1000, 30_000);
  if (headersMs > requestMs) throw new ConfigError('HEADERS_TIMEOUT', `must not be longer than REQUEST_TIMEOUT (${requestMs / 1000}s)`);
  return {
    requestMs,
    headersMs,
    keepAliveMs: readDuration(env, 'KEEP_ALIVE_TIMEOUT', fallback.keepAliveMs, 1000, 120_000),
    shutdownGraceMs: readDuration(env, 'SHUTDOWN_GRACE', fallback.shutdownGraceMs, 0, 8_000),
    lingerMs: readDuration(env, 'LINGER_TIMEOUT', fallback.lingerMs, 0, 30_000),
  };
}

function readDatabaseTimeouts(env: Env): DatabaseTimeouts {
  const fallback = DEFAULTS.databaseTimeouts;
  return {
    statementMs: readDuration(env, 'DATABASE_STATEMENT_TIMEOUT', fallback.statementMs, 500, 600_000),
    connectMs: readDuration(env, 'DATABASE_CONNECT_TIMEOUT', fallback.connectMs, 500, 60_000),
  };
}

/** `<max>/<window>`, e.g. `20/10m`; `off` disables the limit. */
function readRateLimit(env: Env, name: string, fallback: RateLimit): RateLimit | null {
  const raw = read(env, name);
  if (raw === null) return { ...fallback };
  if (raw.toLowerCase() === 'off') return null;
  const match = /^(\d{1,9})\/(\d{1,6})(s|m|h)$/.exec(raw);
  const max = Number(match?.[1]);
  const windowMs = Number(match?.[2]) * (DURATION_UNITS[match?.[3] ?? ''] ?? NaN);
  if (match === null || !(max >= 1) || !(windowMs >= 1000)) {
    throw new ConfigError(
      name,
      `must be <count>/<window> such as ${shownRateLimit(fallback)} (window in s, m or h, at least 1s) or off (got ${shown(raw)})`,
    );
  }
  return { max, windowMs };
}

/** `{max: 20, windowMs: 600000}` as the variable spells it: `20/10m`. */
function shownRateLimit({ max, windowMs }: RateLimit): string {
  const [unit, size] = windowMs % 3_600_000 === 0 ? ['h', 3_600_000] : windowMs % 60_000 === 0 ? ['m', 60_000] : ['s', 1000];
  return `${max}/${windowMs / size}${unit}`;
}

/**
 * SITE_URL: an http(s) origin, optionally with a path the site lives under; no query or
 * fragment, since paths are appended to it. Default: where the server listens, which is right
 * for development; a public site behind a proxy must set it, or links in mail point nowhere.
 */
function readSiteUrl(env: Env, host: string, port: number): string {
  const raw = read(env, 'SITE_URL');
  if (raw === null) return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  const url = parseUrl(raw);
  if (
    url === null ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.hostname === '' ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    raw.includes('?') ||
    raw.includes('#')
  ) {
    throw new ConfigError('SITE_URL', `must be the site's public http:// or https:// address, without query or fragment, like https://www.example.co.za (got ${shownUrl(raw)})`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Comma- or newline-separated; `none` disables the list. Words of 2–256 characters, as CF7. */
function readDisallowedWords(env: Env): string[] {
  const raw = read(env, 'DISALLOWED_WORDS');
  if (raw === null) return [...DEFAULT_DISALLOWED_WORDS];
  if (raw.toLowerCase() === 'none') return [];
  const words = raw.split(/[,\n]/).map((word) => word.trim().toLowerCase()).filter((word) => word !== '');
  const bad = words.find((word) => word.length < 2 || word.length > 256);
  if (bad !== undefined) {
    throw new ConfigError('DISALLOWED_WORDS', `must be words of 2 to 256 characters, comma-separated, or none (got ${shown(bad)})`);
  }
  return words;
}

function readHttpUrl(env: Env, name: string, fallback: string): string {
  const raw = read(env, name);
  if (raw === null) return fallback;
  const url = parseUrl(raw);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new ConfigError(name, `must be an http:// or https:// URL (got ${shownUrl(raw)})`);
  }
  return raw;
}

/** API keys and site keys: printable, no spaces, so a pasted quote or newline is caught. */
function readToken(env: Env, name: string): string | null {
  const raw = read(env, name);
  if (raw === null) return null;
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(raw)) {
    throw new ConfigError(name, `must contain only letters, digits and - _ . ~ + / = (got ${shown(raw)})`);
  }
  return raw;
}

/**
 * BREVO_LIST_IDS: `2:7,3:9` (the form's list 2 is Brevo's 7, …); a bare `5` is the same id in
 * both. Unnamed ids are sent as they are: the forms' lists are Brevo's own ids, as on the old site.
 */
function readBrevoListIds(env: Env): ReadonlyMap<number, number> {
  const raw = read(env, 'BREVO_LIST_IDS');
  const map = new Map<number, number>();
  if (raw === null) return map;
  for (const part of raw.split(',').map((item) => item.trim()).filter(Boolean)) {
    const match = /^(\d{1,9})(?::(\d{1,9}))?$/.exec(part);
    if (!match || Number(match[1]) === 0 || Number(match[2] ?? match[1]) === 0) {
      throw new ConfigError('BREVO_LIST_IDS', `must be list ids, or pairs form-list:brevo-list, separated by commas, like 2:7,3:9 (got ${shown(part)})`);
    }
    map.set(Number(match[1]), Number(match[2] ?? match[1]));
  }
  return map;
}

/** Like readToken, but never echoes the value. */
function readSecretToken(env: Env, name: string): string | null {
  const raw = read(env, name);
  if (raw === null) return null;
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(raw)) {
    throw new ConfigError(name, 'must contain only letters, digits and - _ . ~ + / = (value not shown)');
  }
  return raw;
}

function readAddressHashSecret(env: Env): string | null {
  const raw = read(env, 'ADDRESS_HASH_SECRET');
  if (raw === null) return null;
  if (raw.length < NONCE_SECRET_MIN_LENGTH) {
    throw new ConfigError('ADDRESS_HASH_SECRET', `must be at least ${NONCE_SECRET_MIN_LENGTH} characters long (got ${raw.length} characters)`);
  }
  return raw;
}

/** ADDRESS_HASH_KEY_FILE, else `address-hash.key` beside a SQLite database file, else `data/address-hash.key`. */
function readAddressHashKeyFile(env: Env, cwd: string, databaseUrl: string): string | null {
  const raw = read(env, 'ADDRESS_HASH_KEY_FILE');
  if (raw !== null) return path.resolve(cwd, raw);
  if (databaseUrl === 'sqlite::memory:') return null;
  if (databaseUrl.startsWith('sqlite:')) return path.join(path.dirname(path.resolve(cwd, databaseUrl.slice('sqlite:'.length))), ADDRESS_HASH_KEY_FILE_NAME);
  return path.resolve(cwd, 'data', ADDRESS_HASH_KEY_FILE_NAME);
}

function readNonceSecret(env: Env): string | null {
  const raw = read(env, 'NONCE_SECRET');
  if (raw === null) return null;
  if (raw.length < NONCE_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      'NONCE_SECRET',
      `must be at least ${NONCE_SECRET_MIN_LENGTH} characters long (got ${raw.length} characters)`,
    );
  }
  return raw;
}

function readLogLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL');
  if (raw === null) return DEFAULTS.logLevel;
  const level = LOG_LEVELS.find((candidate) => candidate === raw.toLowerCase());
  if (level === undefined) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got ${shown(raw)})`);
  }
  return level;
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Said at start when the server listens on loopback for a public site with no TRUST_PROXY: a
 * proxy in front is then every visitor's address, so all share one rate limit (20 bad posts
 * lock the form for everyone) and one IP hash. Null when nothing looks wrong.
 */
export function proxyWarning(config: Pick<Config, 'host' | 'siteUrl' | 'trustProxy'>): string | null {
  if (config.trustProxy !== false || !LOOPBACK_HOSTS.has(config.host)) return null;
  const siteHost = new URL(config.siteUrl).hostname.replace(/^\[|\]$/g, '');
  if (LOOPBACK_HOSTS.has(siteHost)) return null;
  return `HOST is ${config.host} (loopback) and SITE_URL is ${config.siteUrl}, but TRUST_PROXY is not set: behind a proxy every visitor arrives from the proxy's address and shares one rate limit. Set TRUST_PROXY to the number of proxies in front (usually 1) or their addresses.`;
}

/**
 * On PostgreSQL (several servers, one database) without ADDRESS_HASH_SECRET each machine makes
 * its own key file: their hashes differ, so every per-address limit counts each server apart and
 * address hashes stop matching across servers (README, "Privacy"). Said at start; null when fine.
 */
export function addressKeyWarning(config: Pick<Config, 'databaseUrl' | 'addressHashSecret' | 'addressHashKeyFile'>): string | null {
  if (config.addressHashSecret !== null || !isPostgresUrl(config.databaseUrl)) return null;
  return `DATABASE_URL is PostgreSQL but ADDRESS_HASH_SECRET is not set: this server keeps its own address-hash key in ${config.addressHashKeyFile ?? 'memory'}. Behind a load balancer set the same ADDRESS_HASH_SECRET on every server, or the rate limits count each server apart.`;
}
