import type { StatsFs } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { DiskHealth, DiskSpace } from '../../src/validation/shared/disk-health.protocol.ts';
import type { Config } from '../config.ts';
import { withTimeout } from './check-timeout.ts';

/*
 * Free space where the server keeps what visitors send (README.md, "Faults the server survives"):
 * the SQLite database's file system against DATABASE_MIN_FREE_BYTES, UPLOAD_DIR's against
 * UPLOAD_MIN_FREE_BYTES. A write probe alone cannot tell: SQLite writes into pages it already
 * has long after a message no longer fits. On PostgreSQL the database's disk is its server's, not
 * this one's: only the uploads' is read. A disk whose free space cannot be read (EACCES, a
 * network mount that does not answer within the timeout) is `unreadable`, never ok: the server
 * can no longer warn before it fills up. /healthz and the console's health banner read this.
 */

export type DiskSettings = Pick<Config, 'databaseUrl' | 'uploadDir' | 'databaseMinFreeBytes' | 'uploadMinFreeBytes'>;

/** How long a disk's free space is waited for (/healthz's database check waits as long). */
export const DISK_READ_TIMEOUT_MS = 3000;

export async function readDiskHealth(settings: DiskSettings, timeoutMs = DISK_READ_TIMEOUT_MS): Promise<DiskHealth> {
  const databaseFile = sqliteFile(settings.databaseUrl);
  const [database, uploads] = await Promise.all([
    databaseFile === null ? null : diskSpace(path.dirname(databaseFile), settings.databaseMinFreeBytes, timeoutMs),
    diskSpace(settings.uploadDir, settings.uploadMinFreeBytes, timeoutMs),
  ]);
  const disks = [database, uploads];
  const state = disks.some((disk) => disk?.low === true) ? 'low' : disks.some((disk) => disk !== null && disk.unreadable !== null) ? 'unreadable' : 'ok';
  return { state, database, uploads };
}

/** Whether messages can still be stored: the database's disk is not below its floor. */
export function messagesFit(disk: DiskHealth): boolean {
  return disk.database?.low !== true;
}

/** The SQLite file a DATABASE_URL names; null for PostgreSQL or a database in memory. */
function sqliteFile(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:') || databaseUrl === 'sqlite::memory:') return null;
  return path.resolve(databaseUrl.slice('sqlite:'.length));
}

/** The file system of `folder`, or of its nearest existing parent (a folder made at the first write). */
async function diskSpace(folder: string, minFreeBytes: number, timeoutMs: number): Promise<DiskSpace> {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    try {
      const disk = await withTimeout(sharedStatfs(at), timeoutMs);
      const freeBytes = disk.bavail * disk.bsize;
      return { freeBytes, minFreeBytes, low: minFreeBytes > 0 && freeBytes < minFreeBytes, unreadable: null };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && path.dirname(at) !== at) continue;
      return { freeBytes: null, minFreeBytes, low: false, unreadable: error instanceof Error ? error.message : String(error) };
    }
  }
}

/**
 * statfs calls still running, by path. A hung mount's call never ends and holds one of libuv's
 * few threads: a later look waits on it rather than starting another.
 */
const running = new Map<string, Promise<StatsFs>>();

function sharedStatfs(at: string): Promise<StatsFs> {
  let call = running.get(at);
  if (call === undefined) {
    call = statfs(at).finally(() => running.delete(at));
    // Its failure is answered by whoever waits; one that comes after the timeout is nobody's.
    call.catch(() => undefined);
    running.set(at, call);
  }
  return call;
}
