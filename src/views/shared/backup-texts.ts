// A failed backup or off-site copy in words for the owner (README.md, "Backups and restore"):
// what failed and what to check, one table of sentences per kind the server judged
// (BACKUP_FAILURES in validation/shared/backup-health.protocol.ts). The system's own message is
// shown below them for whoever runs the server. Shared by the Backups page and the health banner.
import type { BackupFailureCode } from '../../validation/shared/backup-health.protocol.ts';

export interface FailureWords {
  /** What failed, a sentence. */
  what: string;
  /** What to check, a sentence or two. */
  check: string;
}

interface Where {
  /** BACKUP_DIR on the server; null where it is not known (the health banner). */
  folder: string | null;
  /** The off-site storage (`bucket/prefix at host`), when there is one. */
  where: string | null;
}

type Sentences = (where: Where) => { cause: string; check: string };

const RETRIED = 'The server tries the copy again by itself.';

/** The backup folder as a sentence names it: its path when known. */
const dir = (folder: string | null) => (folder === null ? 'the backup folder (BACKUP_DIR)' : folder);

const WORDS: Record<BackupFailureCode, Sentences> = {
  notAFolder: ({ folder }) => ({
    cause: 'the backup folder is not a folder: a file is in its place, or in the place of a folder above it',
    check: `Check BACKUP_DIR${folder === null ? '' : ` (${folder})`}: it must name a folder the server can create or write to, not a file.`,
  }),
  noPermission: ({ folder }) => ({
    cause: 'the server is not allowed to write to the backup folder, or to read a file it backs up',
    check: `Check the owner and permissions of ${dir(folder)} and of the data folder: the server's own user must be able to write and read there.`,
  }),
  diskFull: ({ folder }) => ({
    cause: 'the disk is full',
    check: `Free space on the disk of ${dir(folder)} (old archives, logs), or move BACKUP_DIR to a larger disk: a backup needs about as much room as the database and the uploads take.`,
  }),
  readOnly: ({ folder }) => ({
    cause: 'the backup folder is on a disk that cannot be written to',
    check: `Check how the disk of ${dir(folder)} is mounted, or set BACKUP_DIR to a folder on a disk that can be written to.`,
  }),
  missingFile: ({ folder }) => ({
    cause: 'a file or folder it needed was not there',
    check: `Check that BACKUP_DIR${folder === null ? '' : ` (${folder})`}, UPLOAD_DIR and MEDIA_DIR exist; the system's message below names the missing one.`,
  }),
  noDatabase: () => ({
    cause: 'there is no database file to back up',
    check: "Check DATABASE_URL: it must name the site's database.",
  }),
  pgDumpMissing: () => ({
    cause: "PostgreSQL's pg_dump, which copies the database, is not installed on the server",
    check: "Install PostgreSQL's client tools of the database's version or newer (on Debian: apt-get install postgresql-client).",
  }),
  pgDumpFailed: () => ({
    cause: "PostgreSQL's pg_dump could not copy the database",
    check: "Check that the database is running and that DATABASE_URL's user may read every table; pg_dump's own words are below.",
  }),
  databaseCopy: ({ folder }) => ({
    cause: 'the database could not be copied',
    check: `Check that the disk of ${dir(folder)} has room and that the database's file can be read; the system's message below says more.`,
  }),
  interrupted: () => ({
    cause: 'the server process running it stopped before it finished (a restart, an update, or the process was ended)',
    check: 'If the server was restarted on purpose, press Back up now. If it keeps happening, ask whoever runs the server to look in its log for why the process ended.',
  }),
  offsiteUnreachable: () => ({
    cause: 'the storage could not be reached',
    check: `Check the storage's address (the host in BACKUP_S3_URL) and that the server can reach the internet; the storage may also be down for a while. ${RETRIED}`,
  }),
  offsiteTimeout: () => ({
    cause: 'the storage did not answer in time',
    check: `The connection to the storage is slow or broken for now. ${RETRIED} If it goes on, check the server's connection.`,
  }),
  offsiteCredentials: () => ({
    cause: 'the storage refused the access key',
    check: "Check the access key id and secret in BACKUP_S3_URL (or BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY): a key deleted, mistyped, or a secret with / or + not written as %2F or %2B. The server's clock must also be right.",
  }),
  offsiteDenied: () => ({
    cause: 'the access key is not allowed to write to the bucket',
    check: 'Give the key permission to list, write and delete objects in the bucket (Backblaze B2: an application key for this bucket; Cloudflare R2: an API token with Object Read & Write).',
  }),
  offsiteNoBucket: () => ({
    cause: 'the bucket does not exist',
    check: "Check the bucket's name in BACKUP_S3_URL (or BACKUP_S3_BUCKET), or create the bucket.",
  }),
  offsiteRegion: () => ({
    cause: 'the bucket is in another region than the one the server asked',
    check: "Set the bucket's region (?region=… in BACKUP_S3_URL, or BACKUP_S3_REGION) and use that region's endpoint.",
  }),
  offsiteCertificate: () => ({
    cause: "the storage's certificate was not accepted",
    check: "Check that the endpoint's host name is the storage provider's own, and that the server's clock is right.",
  }),
  offsiteFull: () => ({
    cause: 'the storage is full (the account’s quota or storage cap)',
    check: "Raise the storage account's cap or quota, or keep fewer archives (BACKUP_KEEP).",
  }),
  offsiteServerError: () => ({
    cause: 'the storage answered with an error of its own',
    check: `This is usually short-lived. ${RETRIED} If it goes on, check the storage provider's status page.`,
  }),
  offsiteArchiveGone: () => ({
    cause: 'the archive was deleted from the server before it could be copied',
    check: 'Nothing to fix: the next backup is copied (BACKUP_KEEP deletes the oldest archives).',
  }),
  unknown: () => ({
    cause: 'something unexpected went wrong',
    check: 'Give the system’s message below to whoever runs the server.',
  }),
};

/** A failed backup: "The backup could not be made: the disk is full." and what to check. */
export function backupFailureWords(code: BackupFailureCode, where: Where): FailureWords {
  const { cause, check } = WORDS[code](where);
  return { what: `The backup could not be made: ${cause}.`, check };
}

/** A failed copy: "The copy to the off-site storage (bucket/ at host) failed: the storage could not be reached." and what to check. */
export function copyFailureWords(code: BackupFailureCode, where: Where): FailureWords {
  const { cause, check } = WORDS[code](where);
  return { what: `The copy to the off-site storage${where.where === null ? '' : ` (${where.where})`} failed: ${cause}.`, check };
}

/** A size in words: "820 KB", "1.6 MB", "2.1 GB". */
export function archiveSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
