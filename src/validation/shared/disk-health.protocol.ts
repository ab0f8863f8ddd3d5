// Disk health's protocol (README.md, "Faults the server survives"), written once for the browser
// and the server: the console's health banner and /healthz's `disk` read it. Browser-safe.
import { boolean, enums, nullable, number, object, string, type Infer } from 'superstruct';

/** One file system's free space against the floor the configuration keeps on it. */
export const DiskSpaceStruct = object({
  /** Bytes the server's user may still write there; null when it could not be read. */
  freeBytes: nullable(number()),
  /** DATABASE_MIN_FREE_BYTES or UPLOAD_MIN_FREE_BYTES; 0: no floor. */
  minFreeBytes: number(),
  /** Below the floor. */
  low: boolean(),
  /** Why its free space could not be read (EACCES, a mount that did not answer in time); null when it was. */
  unreadable: nullable(string()),
});
export type DiskSpace = Infer<typeof DiskSpaceStruct>;

/**
 * `low`: a disk is below its floor. Below the database's, messages can no longer be stored
 * safely (/healthz answers 503); below the uploads', files sent with messages are refused.
 * `unreadable` (none is low): a disk's free space could not be read, so the server cannot warn
 * before it fills up; messages are still taken (/healthz answers 200).
 */
export const DiskHealthStruct = object({
  state: enums(['ok', 'low', 'unreadable'] as const),
  /** The SQLite database's disk; null on PostgreSQL, whose disk is not this server's to see. */
  database: nullable(DiskSpaceStruct),
  /** UPLOAD_DIR's disk. */
  uploads: DiskSpaceStruct,
});
export type DiskHealth = Infer<typeof DiskHealthStruct>;
