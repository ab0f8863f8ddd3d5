import type { BackupFailureCode } from '../../src/validation/shared/backup-health.protocol.ts';
import { oneLine } from './backup-archive.ts';

/*
 * What a failed backup or off-site copy ran into (README.md, "Backups and restore"), judged once
 * here from the error itself: its kind (BACKUP_FAILURES, which the console says in words with
 * what to check) and the system's own message in one line, which the console shows below the
 * words for whoever runs the server.
 */

export interface BackupFailure {
  code: BackupFailureCode;
  /** The system's message, one line (`ENOTDIR: not a directory, mkdir '/srv/site/data/backups'`). */
  raw: string;
}

/** An error that already knows its kind (BackupError, an interrupted run). */
interface KindedError {
  kind?: BackupFailureCode;
}

const FILE_SYSTEM: Record<string, BackupFailureCode> = {
  ENOTDIR: 'notAFolder',
  EISDIR: 'notAFolder',
  EEXIST: 'notAFolder',
  EACCES: 'noPermission',
  EPERM: 'noPermission',
  ENOSPC: 'diskFull',
  EDQUOT: 'diskFull',
  EFBIG: 'diskFull',
  EROFS: 'readOnly',
  ENOENT: 'missingFile',
};

const NETWORK: Record<string, BackupFailureCode> = {
  ECONNREFUSED: 'offsiteUnreachable',
  ENOTFOUND: 'offsiteUnreachable',
  EAI_AGAIN: 'offsiteUnreachable',
  ECONNRESET: 'offsiteUnreachable',
  EHOSTUNREACH: 'offsiteUnreachable',
  ENETUNREACH: 'offsiteUnreachable',
  EPIPE: 'offsiteUnreachable',
  ETIMEDOUT: 'offsiteTimeout',
  TimeoutError: 'offsiteTimeout',
  RequestTimeout: 'offsiteTimeout',
  RequestTimeTooSkewed: 'offsiteCredentials',
  CERT_HAS_EXPIRED: 'offsiteCertificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'offsiteCertificate',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'offsiteCertificate',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'offsiteCertificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'offsiteCertificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'offsiteCertificate',
};

/** The S3 API's error codes (the same names on AWS S3, Backblaze B2 and Cloudflare R2). */
const STORAGE: Record<string, BackupFailureCode> = {
  InvalidAccessKeyId: 'offsiteCredentials',
  SignatureDoesNotMatch: 'offsiteCredentials',
  InvalidToken: 'offsiteCredentials',
  ExpiredToken: 'offsiteCredentials',
  Unauthorized: 'offsiteCredentials',
  AccessDenied: 'offsiteDenied',
  AllAccessDisabled: 'offsiteDenied',
  Forbidden: 'offsiteDenied',
  NoSuchBucket: 'offsiteNoBucket',
  PermanentRedirect: 'offsiteRegion',
  AuthorizationHeaderMalformed: 'offsiteRegion',
  IllegalLocationConstraintException: 'offsiteRegion',
  QuotaExceeded: 'offsiteFull',
  EntityTooLarge: 'offsiteFull',
  InsufficientStorage: 'offsiteFull',
  ServiceUnavailable: 'offsiteServerError',
  InternalError: 'offsiteServerError',
  SlowDown: 'offsiteServerError',
};

/** A file system error's code, or a network one's, or an S3 error's name; for AggregateError its first error's. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (typeof code === 'string') return code;
  if (error instanceof AggregateError && error.errors.length > 0) return codeOf(error.errors[0]);
  return typeof name === 'string' ? name : undefined;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata?.httpStatusCode;
  return typeof status === 'number' ? status : undefined;
}

/** The system's message in one line, its code in front when the message does not carry it, the storage's HTTP status after. */
export function rawMessageOf(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error)).slice(0, 1000);
  let message = error.message;
  if (message === '' && error instanceof AggregateError) message = error.errors.map((inner) => (inner instanceof Error ? inner.message : String(inner))).join('; ');
  const code = codeOf(error);
  const named = code !== undefined && code !== 'Error' && code !== 'BackupError' && !message.includes(code) ? `${code}: ${message}` : message;
  const status = statusOf(error);
  return oneLine(status === undefined ? named : `${named} (HTTP ${status})`).slice(0, 1000) || 'no message';
}

/** A local backup's failure: the folder, the disk, the database. */
export function backupFailureOf(error: unknown): BackupFailure {
  const kind = (error as KindedError | null)?.kind;
  const code = codeOf(error);
  return { code: kind ?? (code !== undefined ? FILE_SYSTEM[code] : undefined) ?? 'unknown', raw: rawMessageOf(error) };
}

/** An off-site copy's failure: the network, the storage's answer, or the archive here. */
export function copyFailureOf(error: unknown): BackupFailure {
  const raw = rawMessageOf(error);
  const kind = (error as KindedError | null)?.kind;
  if (kind !== undefined) return { code: kind, raw };
  const code = codeOf(error);
  if (/storage cap|quota|exceeded your/i.test(raw)) return { code: 'offsiteFull', raw };
  const known = code === undefined ? undefined : (NETWORK[code] ?? STORAGE[code]);
  if (known !== undefined) return { code: known, raw };
  const status = statusOf(error);
  // A HEAD request's refusal has no body, so no name: its status says what it was.
  if (status === 401) return { code: 'offsiteCredentials', raw };
  if (status === 403) return { code: 'offsiteDenied', raw };
  if (status === 301) return { code: 'offsiteRegion', raw };
  if (status !== undefined && status >= 500) return { code: 'offsiteServerError', raw };
  if (code !== undefined && FILE_SYSTEM[code] !== undefined) return { code: FILE_SYSTEM[code] === 'missingFile' ? 'offsiteArchiveGone' : FILE_SYSTEM[code], raw };
  return { code: 'unknown', raw };
}

/** The kind of a failure recorded before its kind was (migration 0033): from the code its message starts with (`ENOTDIR: …`). */
export function failureCodeOfMessage(raw: string): BackupFailureCode {
  const code = /^([A-Z][A-Z_]+)\b/.exec(raw)?.[1];
  return (code === undefined ? undefined : FILE_SYSTEM[code]) ?? 'unknown';
}
