import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { DiskHealth, DiskSpace } from '../../src/validation/shared/disk-health.protocol.ts';
import type { Config } from '../config.ts';

/*
 * Free space where the server keeps what visitors send (README.md, "Faults the server survives"):
 * the SQLite database's file system against DATABASE_MIN_FREE_BYTES, UPLOAD_DIR's against
 * UPLOAD_MIN_FREE_BYTES. A write probe alone cannot tell: SQLite writes into pages it already
 * has long after a message no longer fits. On PostgreSQL the database's disk is its server's, not
 * this one's: only the uploads' is read. /healthz and the console's health banner read this.
 */

export type DiskSettings = Pick<Config, 'databaseUrl' | 'uploadDir' | 'databaseMinFreeBytes' | 'uploadMinFreeBytes'>;

export async function readDiskHealth(settings: DiskSettings): Promise<DiskHealth> {
  const databaseFile = sqliteFile(settings.databaseUrl);
  const [database, uploads] = await Promise.all([
    databaseFile === null ? null : diskSpace(path.dirname(databaseFile), settings.databaseMinFreeBytes),
    diskSpace(settings.uploadDir, settings.uploadMinFreeBytes),
  ]);
  return { state: database?.low === true || uploads?.low === true ? 'low' : 'ok', database, uploads };
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
async function diskSpace(folder: string, minFreeBytes: number): Promise<DiskSpace | null> {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    try {
      const disk = await statfs(at);
      const freeBytes = disk.bavail * disk.bsize;
      return { freeBytes, minFreeBytes, low: minFreeBytes > 0 && freeBytes < minFreeBytes };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) return null;
    }
  }
}
