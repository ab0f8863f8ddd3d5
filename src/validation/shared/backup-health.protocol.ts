// Backup health's protocol (README.md, "Backups and restore"), written once for the browser
// and the server: the console's health banner and /healthz's `backup` read it. Browser-safe.
import { enums, nullable, number, object, string, type Infer } from 'superstruct';
import { DiskHealthStruct } from './disk-health.protocol.ts';
import { MailHealthStruct } from './mail-health.protocol.ts';
import { SiteHealthStruct } from './site-health.protocol.ts';

/**
 * What a failed backup or off-site copy ran into, judged by the server from the error itself
 * (server/operations/backup-failure.ts); the console says each in words with what to check
 * (src/views/shared/backup-texts.ts) and shows the system's own message below.
 * - the backup folder: notAFolder (BACKUP_DIR is a file, ENOTDIR), noPermission (EACCES,
 *   EPERM), diskFull (ENOSPC, EDQUOT), readOnly (EROFS), missingFile (ENOENT);
 * - the database: noDatabase (its file is not there), pgDumpMissing, pgDumpFailed,
 *   databaseCopy (SQLite's copy failed);
 * - interrupted: the process running it ended before it finished;
 * - the off-site storage: offsiteUnreachable (refused, no such host, reset), offsiteTimeout,
 *   offsiteCredentials (the key id or secret refused), offsiteDenied (the key may not write
 *   there), offsiteNoBucket, offsiteRegion (the bucket is in another region),
 *   offsiteCertificate, offsiteFull (a quota or cap), offsiteServerError (5xx),
 *   offsiteArchiveGone (the archive was deleted here before it was copied);
 * - unknown: anything else (the system's message says what).
 */
export const BACKUP_FAILURES = [
  'notAFolder',
  'noPermission',
  'diskFull',
  'readOnly',
  'missingFile',
  'noDatabase',
  'pgDumpMissing',
  'pgDumpFailed',
  'databaseCopy',
  'interrupted',
  'offsiteUnreachable',
  'offsiteTimeout',
  'offsiteCredentials',
  'offsiteDenied',
  'offsiteNoBucket',
  'offsiteRegion',
  'offsiteCertificate',
  'offsiteFull',
  'offsiteServerError',
  'offsiteArchiveGone',
  'unknown',
] as const;
export type BackupFailureCode = (typeof BACKUP_FAILURES)[number];

/**
 * The newest archive's copy in the off-site storage (BACKUP_S3_URL): `off` (none configured
 * when it was made), `waiting` (being copied), `ok` (copied), `failing` (the last attempt
 * failed; the jobs process tries again at `nextAttemptAt`).
 */
export const OffsiteHealthStruct = object({
  state: enums(['off', 'waiting', 'ok', 'failing'] as const),
  /** The newest archive, whose copy this is. */
  archive: nullable(string()),
  /** When an archive was last copied (this one or an older one). */
  lastCopiedAt: nullable(string()),
  attempts: number(),
  nextAttemptAt: nullable(string()),
  /** The last failed attempt's own message, in one line, and its kind. */
  reason: nullable(string()),
  code: nullable(enums(BACKUP_FAILURES)),
});
export type OffsiteHealth = Infer<typeof OffsiteHealthStruct>;

/**
 * `failed`: the last backup failed (after the last success, if any); `ok`: the last one
 * succeeded; `none`: no backup has run yet.
 */
export const BackupHealthStruct = object({
  state: enums(['ok', 'failed', 'none'] as const),
  lastSuccessAt: nullable(string()),
  /** The last good archive's file name in BACKUP_DIR. */
  lastSuccessArchive: nullable(string()),
  lastFailureAt: nullable(string()),
  /** Why the last failed backup failed, in one line. */
  lastFailureReason: nullable(string()),
  lastFailureCode: nullable(enums(BACKUP_FAILURES)),
  offsite: OffsiteHealthStruct,
});
export type BackupHealth = Infer<typeof BackupHealthStruct>;

/** What the console's health banner reads (`GET /admin/api/mail-health`): mail health under `mail`, the backups', the disks' and the published site's. */
export const BannerHealthStruct = object({ mail: MailHealthStruct, backup: BackupHealthStruct, disk: DiskHealthStruct, site: SiteHealthStruct });
export type BannerHealth = Infer<typeof BannerHealthStruct>;
