import type { Kysely, Selectable } from 'kysely';
import { BACKUP_FAILURES, type BackupFailureCode, type BackupHealth, type OffsiteHealth } from '../../src/validation/shared/backup-health.protocol.ts';
import type { BackupRunsTable, Database } from '../db/types.ts';
import { failureCodeOfMessage, type BackupFailure } from './backup-failure.ts';
import type { BackupTrigger } from './backup-lock.ts';

/*
 * The record of backups (README.md, "Backups and restore"; migrations 0020 and 0033): each run of
 * `npm run backup`, of the jobs process's schedule or of "Back up now" adds a row, with who
 * started it and, for a success, the state of its archive's copy in the off-site storage. Read
 * back as the backups' health by the console's banner and /healthz, and as the Backups page's
 * last run and archives. Only the newest runs are kept.
 */

/** Runs kept in the table: weeks of daily backups, enough to see a pattern of failures. */
export const BACKUP_RUNS_KEPT = 100;

/** How long the jobs process waits before trying a failed copy again: 5 minutes, doubling with each attempt, at most 6 hours. */
export function copyRetryDelayMs(attempts: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

export type BackupRun =
  | { status: 'ok'; startedAt: number; finishedAt: number; archive: string; bytes: number; trigger?: BackupTrigger; machine?: string; copyPending?: boolean }
  | { status: 'failed'; startedAt: number; finishedAt: number; error: string; code?: BackupFailureCode; trigger?: BackupTrigger; machine?: string };

/** Adds a run; answers its id. */
export async function recordBackupRun(db: Kysely<Database>, run: BackupRun): Promise<number> {
  const { id } = await db
    .insertInto('backup_runs')
    .values({
      started_at: new Date(run.startedAt).toISOString(),
      finished_at: new Date(run.finishedAt).toISOString(),
      status: run.status,
      archive: run.status === 'ok' ? run.archive : null,
      bytes: run.status === 'ok' ? run.bytes : null,
      error: run.status === 'failed' ? run.error.slice(0, 1000) : null,
      error_code: run.status === 'failed' ? (run.code ?? null) : null,
      trigger: run.trigger ?? null,
      machine: run.machine ?? null,
      copy_state: run.status === 'ok' && run.copyPending === true ? 'pending' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cutoff = await db.selectFrom('backup_runs').select('id').orderBy('id', 'desc').offset(BACKUP_RUNS_KEPT).limit(1).executeTakeFirst();
  if (cutoff !== undefined) await db.deleteFrom('backup_runs').where('id', '<=', cutoff.id).execute();
  return id;
}

/** An archive's copy reached the storage. */
export async function recordCopied(db: Kysely<Database>, archive: string, at: number): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set((eb) => ({ copy_state: 'copied', copied_at: new Date(at).toISOString(), copy_attempts: eb('copy_attempts', '+', 1), copy_error: null, copy_error_code: null, copy_next_at: null }))
    .where('archive', '=', archive)
    .where('status', '=', 'ok')
    .execute();
}

/** An attempt to copy an archive failed: why, and when the jobs process tries again. */
export async function recordCopyFailed(db: Kysely<Database>, archive: string, failure: BackupFailure, at: number, { retry = true }: { retry?: boolean } = {}): Promise<void> {
  const row = await db.selectFrom('backup_runs').select('copy_attempts').where('archive', '=', archive).where('status', '=', 'ok').executeTakeFirst();
  const attempts = (row?.copy_attempts ?? 0) + 1;
  await db
    .updateTable('backup_runs')
    .set({ copy_state: 'failed', copy_attempts: attempts, copy_error: failure.raw.slice(0, 1000), copy_error_code: failure.code, copy_next_at: retry ? new Date(at + copyRetryDelayMs(attempts)).toISOString() : null })
    .where('archive', '=', archive)
    .where('status', '=', 'ok')
    .execute();
}

/**
 * Archives whose copy failed and is due again, and those left pending by a process that died
 * (asked under the backup lock, so no copy is under way), newest first.
 */
export async function dueCopies(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('backup_runs')
    .select('archive')
    .where('status', '=', 'ok')
    .where((eb) =>
      eb.or([
        eb.and([eb('copy_state', '=', 'failed'), eb('copy_next_at', '<=', new Date(now).toISOString())]),
        eb('copy_state', '=', 'pending'),
      ]),
    )
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(BACKUP_RUNS_KEPT)
    .execute();
  return rows.map((row) => row.archive).filter((archive): archive is string => archive !== null);
}

const asFailureCode = (value: string | null): BackupFailureCode | null => (value === null ? null : (BACKUP_FAILURES.find((code) => code === value) ?? 'unknown'));

/** The newest runs, newest first. */
export async function latestRuns(db: Kysely<Database>, limit: number): Promise<Array<Selectable<BackupRunsTable>>> {
  return db.selectFrom('backup_runs').selectAll().orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The runs that wrote these archives, by archive name. */
export async function runsOfArchives(db: Kysely<Database>, archives: readonly string[]): Promise<Map<string, Selectable<BackupRunsTable>>> {
  if (archives.length === 0) return new Map();
  const rows = await db.selectFrom('backup_runs').selectAll().where('status', '=', 'ok').where('archive', 'in', [...archives]).execute();
  return new Map(rows.map((row) => [row.archive ?? '', row]));
}

/** The copy state of a run's archive, for the banner and the Backups page. */
export function copyStateOf(row: Pick<BackupRunsTable, 'copy_state'>): OffsiteHealth['state'] {
  return row.copy_state === 'copied' ? 'ok' : row.copy_state === 'failed' ? 'failing' : row.copy_state === 'pending' ? 'waiting' : 'off';
}

/** The last success and the last failure; `failed` when the failure is the newer of the two. Under `offsite`, the newest archive's copy. */
export async function readBackupHealth(db: Kysely<Database>): Promise<BackupHealth> {
  const last = (status: 'ok' | 'failed') =>
    db
      .selectFrom('backup_runs')
      .select(['finished_at', 'archive', 'error', 'error_code', 'copy_state', 'copy_attempts', 'copy_next_at', 'copy_error', 'copy_error_code'])
      .where('status', '=', status)
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  const lastCopied = db.selectFrom('backup_runs').select('copied_at').where('status', '=', 'ok').where('copy_state', '=', 'copied').orderBy('copied_at', 'desc').limit(1).executeTakeFirst();
  const [success, failure, copied] = await Promise.all([last('ok'), last('failed'), lastCopied]);
  const failedLast = failure !== undefined && (success === undefined || failure.finished_at >= success.finished_at);
  const offsiteState = success === undefined ? 'off' : copyStateOf(success);
  return {
    state: failedLast ? 'failed' : success !== undefined ? 'ok' : 'none',
    lastSuccessAt: success?.finished_at ?? null,
    lastSuccessArchive: success?.archive ?? null,
    lastFailureAt: failure?.finished_at ?? null,
    lastFailureReason: failure?.error ?? null,
    lastFailureCode: failure === undefined ? null : (asFailureCode(failure.error_code) ?? failureCodeOfMessage(failure.error ?? '')),
    offsite: {
      state: offsiteState,
      archive: success?.archive ?? null,
      lastCopiedAt: copied?.copied_at ?? null,
      attempts: success?.copy_attempts ?? 0,
      nextAttemptAt: offsiteState === 'failing' ? (success?.copy_next_at ?? null) : null,
      reason: offsiteState === 'failing' ? (success?.copy_error ?? null) : null,
      code: offsiteState === 'failing' ? asFailureCode(success?.copy_error_code ?? null) : null,
    },
  };
}

export { asFailureCode };
