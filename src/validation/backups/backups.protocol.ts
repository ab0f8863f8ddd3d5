// The Backups page's protocol (README.md, "Backups and restore"), written once for the browser
// (services/backups/) and the server (server/backups/): owners only. One answer says it all:
// the schedule, what is running and how far it has got, the last run, and the archives kept
// with their copies in the off-site storage. Browser-safe.
import { array, boolean, enums, nullable, number, object, pattern, string, type Infer } from 'superstruct';
import { BACKUP_FAILURES, OffsiteHealthStruct } from '../shared/backup-health.protocol.ts';

/** Routes below CONSOLE_API. */
export const BACKUPS_ROUTE = {
  /** GET: the page's answer. */
  backups: '/backups',
  /** POST {}: "Back up now". */
  run: '/backups/run',
  /** POST {archive}: copy an archive to the off-site storage again. */
  copy: '/backups/copy',
  /** GET: one archive, as a download (`:name` is its file name). */
  archive: '/backups/archives/:name',
} as const;

export const archivePath = (name: string): string => BACKUPS_ROUTE.archive.replace(':name', encodeURIComponent(name));

/** This site's archive names (server/operations/backup-archive.ts writes them). */
export const ARCHIVE_NAME = /^site-backup-\d{4}-\d{2}-\d{2}T\d{6}Z(?:-\d+)?\.zip$/;

export const BACKUPS_ERROR = {
  /** 404: no such archive in BACKUP_DIR (deleted by BACKUP_KEEP, or on another server). */
  noSuchArchive: 'backup_no_such_archive',
  /** 409: "Copy again" with no off-site storage configured. */
  offsiteOff: 'backup_offsite_off',
} as const;

const FailureStruct = object({
  code: enums(BACKUP_FAILURES),
  /** The system's own message, one line, for the developer. */
  raw: string(),
});
export type BackupFailureAnswer = Infer<typeof FailureStruct>;

export const TRIGGERS = ['schedule', 'console', 'command'] as const;

const RunningStruct = object({
  /** A backup, or an archive copied to the off-site storage again. */
  kind: enums(['backup', 'copy'] as const),
  trigger: enums(TRIGGERS),
  startedAt: string(),
  /** The server (host name) running it. */
  machine: string(),
  /**
   * database: the database is being copied (how long it takes is not known beforehand);
   * archiving: the archive is being written, `done` of `total` bytes read;
   * copying: the archive is being sent to the off-site storage, `done` of `total` bytes.
   */
  phase: enums(['database', 'archiving', 'copying'] as const),
  done: nullable(number()),
  total: nullable(number()),
  /** The archive being copied. */
  archive: nullable(string()),
});
export type RunningBackup = Infer<typeof RunningStruct>;

const LastRunStruct = object({
  status: enums(['ok', 'failed'] as const),
  trigger: nullable(enums(TRIGGERS)),
  startedAt: string(),
  finishedAt: string(),
  archive: nullable(string()),
  bytes: nullable(number()),
  failure: nullable(FailureStruct),
});
export type LastBackupRun = Infer<typeof LastRunStruct>;

const ArchiveStruct = object({
  name: pattern(string(), ARCHIVE_NAME),
  bytes: number(),
  /** When it was made (from its name). */
  createdAt: string(),
  copy: object({
    /** off: not copied (no storage configured when it was made, or made elsewhere); the rest as the banner's. */
    state: enums(['off', 'waiting', 'ok', 'failing'] as const),
    copiedAt: nullable(string()),
    attempts: number(),
    nextAttemptAt: nullable(string()),
    failure: nullable(FailureStruct),
  }),
});
export type KeptArchive = Infer<typeof ArchiveStruct>;

export const BackupsStruct = object({
  schedule: object({
    /** `HH:MM` on the company's clock; empty when BACKUP_SCHEDULE=off. */
    times: array(string()),
    nextAt: nullable(string()),
    /** BACKUP_KEEP. */
    keep: number(),
  }),
  /** BACKUP_DIR on this server (named in the words of a failure: what to check). */
  folder: string(),
  offsite: object({
    configured: boolean(),
    /** `bucket/prefix at host`; null when none is configured. */
    where: nullable(string()),
    health: OffsiteHealthStruct,
  }),
  running: nullable(RunningStruct),
  lastRun: nullable(LastRunStruct),
  /** The archives in BACKUP_DIR, newest first. */
  archives: array(ArchiveStruct),
});
export type Backups = Infer<typeof BackupsStruct>;

/** What "Back up now" and "Copy again" answer: whether this request started it (else one was running) and the page's answer after. */
export const StartedStruct = object({ started: boolean(), backups: BackupsStruct });
export type Started = Infer<typeof StartedStruct>;

export const CopyBodyStruct = object({ archive: pattern(string(), ARCHIVE_NAME) });
