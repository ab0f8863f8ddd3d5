import type { Kysely } from 'kysely';
import type { BackupHealth } from '../../src/validation/shared/backup-health.protocol.ts';
import type { Database } from '../db/types.ts';

/*
 * The record of backups (README.md, "Backups and restore"; migration 0020): each run of
 * `npm run backup` or of the jobs process's schedule adds a row, read back as the backups'
 * health by the console's banner and /healthz. Only the newest runs are kept.
 */

/** Runs kept in the table: weeks of daily backups, enough to see a pattern of failures. */
export const BACKUP_RUNS_KEPT = 100;

export type BackupRun =
  | { status: 'ok'; startedAt: number; finishedAt: number; archive: string; bytes: number }
  | { status: 'failed'; startedAt: number; finishedAt: number; error: string };

export async function recordBackupRun(db: Kysely<Database>, run: BackupRun): Promise<void> {
  await db
    .insertInto('backup_runs')
    .values({
      started_at: new Date(run.startedAt).toISOString(),
      finished_at: new Date(run.finishedAt).toISOString(),
      status: run.status,
      archive: run.status === 'ok' ? run.archive : null,
      bytes: run.status === 'ok' ? run.bytes : null,
      error: run.status === 'failed' ? run.error.slice(0, 1000) : null,
    })
    .execute();
  const cutoff = await db.selectFrom('backup_runs').select('id').orderBy('id', 'desc').offset(BACKUP_RUNS_KEPT).limit(1).executeTakeFirst();
  if (cutoff !== undefined) await db.deleteFrom('backup_runs').where('id', '<=', cutoff.id).execute();
}

/** The last success and the last failure; `failed` when the failure is the newer of the two. */
export async function readBackupHealth(db: Kysely<Database>): Promise<BackupHealth> {
  const last = (status: 'ok' | 'failed') =>
    db.selectFrom('backup_runs').select(['finished_at', 'archive', 'error']).where('status', '=', status).orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const [success, failure] = await Promise.all([last('ok'), last('failed')]);
  const failedLast = failure !== undefined && (success === undefined || failure.finished_at >= success.finished_at);
  return {
    state: failedLast ? 'failed' : success !== undefined ? 'ok' : 'none',
    lastSuccessAt: success?.finished_at ?? null,
    lastSuccessArchive: success?.archive ?? null,
    lastFailureAt: failure?.finished_at ?? null,
    lastFailureReason: failure?.error ?? null,
  };
}
