import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { oneLine, pruneBackups, writeBackup, type WrittenBackup } from './backup-archive.ts';
import { recordBackupRun } from './backup-runs.ts';

/*
 * One backup as `npm run backup` and the jobs process's schedule make it (README.md, "Backups
 * and restore"): the archive, then (for the schedule) the oldest archives beyond BACKUP_KEEP
 * deleted, and the run recorded in `backup_runs` either way, for the console's banner and
 * /healthz. A failure is recorded with its reason and thrown on.
 */

export interface BackupDone {
  written: WrittenBackup;
  /** Archives deleted by BACKUP_KEEP. */
  pruned: string[];
}

export async function backUpAndRecord(
  db: Kysely<Database>,
  config: Pick<Config, 'databaseUrl' | 'uploadDir' | 'mediaDir' | 'addressHashKeyFile' | 'backupDir'>,
  { clock = Date.now, keep = null }: { clock?: () => number; keep?: number | null } = {},
): Promise<BackupDone> {
  const startedAt = clock();
  let written: WrittenBackup;
  try {
    written = await writeBackup(config, { now: startedAt });
  } catch (error) {
    const reason = oneLine(error instanceof Error ? error.message : String(error));
    // A database that cannot take the record (the same fault, often) must not hide why the
    // backup failed: that is thrown on, and logged or printed by the caller.
    await recordBackupRun(db, { status: 'failed', startedAt, finishedAt: clock(), error: reason }).catch(() => undefined);
    throw error;
  }
  await recordBackupRun(db, { status: 'ok', startedAt, finishedAt: clock(), archive: written.name, bytes: written.bytes });
  const pruned = keep === null ? [] : await pruneBackups(config.backupDir, keep, clock());
  return { written, pruned };
}
