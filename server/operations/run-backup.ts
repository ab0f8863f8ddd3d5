import path from 'node:path';
import { lstat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { BACKUP_NAME_PATTERN, BackupError, pruneBackups, writeBackup, type BackupProgress, type WrittenBackup } from './backup-archive.ts';
import { backupFailureOf, copyFailureOf, type BackupFailure } from './backup-failure.ts';
import { takeBackupLock, takeOverStaleLock, thisMachine, readRunningJob, type AbandonedJob, type BackupTrigger, type HeldLock, type RunningJob } from './backup-lock.ts';
import { dueCopies, recordBackupRun, recordCopied, recordCopyFailed } from './backup-runs.ts';
import { openOffsiteStore, type OffsiteStore } from './offsite-store.ts';

/*
 * One backup as `npm run backup`, the jobs process's schedule and the console's "Back up now"
 * make it (README.md, "Backups and restore"), under the one backup lock (backup-lock.ts): the
 * archive, the oldest archives beyond BACKUP_KEEP deleted (the schedule's and the console's),
 * the run recorded in `backup_runs` either way, then, with off-site storage configured, the
 * archive copied there and the oldest there beyond BACKUP_KEEP deleted. A copy that fails leaves
 * the backup a success: the copy is recorded as failed and the jobs process tries it again
 * (retryDueCopies). Progress goes into the lock's row for the console.
 */

export type BackupSettings = Pick<Config, 'databaseUrl' | 'uploadDir' | 'mediaDir' | 'addressHashKeyFile' | 'backupDir' | 'backupKeep' | 'backupOffsite'>;

export interface JobOptions {
  trigger: BackupTrigger;
  clock?: () => number;
  /** Archives kept in BACKUP_DIR (null: none deleted, as `npm run backup`). */
  keep?: number | null;
  /** Told what happened that is worth a log line. */
  log?: BackupLog;
}

export interface BackupLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export type CopyResult = { state: 'off' } | { state: 'copied'; where: string; pruned: string[] } | { state: 'failed'; where: string; failure: BackupFailure };

export interface BackupResult {
  /** The archive, or null when the backup failed (`failure` says why). */
  written: WrittenBackup | null;
  failure: BackupFailure | null;
  /** Archives deleted here by BACKUP_KEEP. */
  pruned: string[];
  copy: CopyResult;
}

/** A job started (its end to await), or not because another is running. */
export type Started<T> = { started: true; finished: Promise<T> } | { started: false; running: RunningJob | null };

/** How often progress is written to the lock's row at most. */
const PROGRESS_WRITE_MS = 500;

const quietLog: BackupLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Records a backup whose process died while it held the lock (its row went stale). */
async function recordAbandoned(db: Kysely<Database>, abandoned: AbandonedJob | null, clock: () => number, log: BackupLog): Promise<void> {
  // A copy, or a backup that had written and recorded its archive (copying it): its copy stays pending, and is tried again.
  if (abandoned === null || abandoned.kind !== 'backup' || abandoned.phase === 'copying') return;
  const error = `the backup started at ${abandoned.startedAt} on ${abandoned.machine} stopped before it finished: the process running it ended (restarted, stopped or killed); last heard of at ${abandoned.heartbeatAt}`;
  log.error({ reason: error }, 'backup failed');
  await recordBackupRun(db, { status: 'failed', startedAt: Date.parse(abandoned.startedAt), finishedAt: clock(), error, code: 'interrupted', trigger: abandoned.trigger, machine: abandoned.machine });
}

/** The job running now, after taking over (and recording) the lock of a process that died: what the console shows. */
export async function currentJob(db: Kysely<Database>, { clock = Date.now, log = quietLog }: { clock?: () => number; log?: BackupLog } = {}): Promise<RunningJob | null> {
  await recordAbandoned(db, await takeOverStaleLock(db, clock), clock, log);
  return readRunningJob(db);
}

/** Writes progress into the lock's row, at most every PROGRESS_WRITE_MS, in order; the last value always. */
function progressWriter(lock: HeldLock, clock: () => number) {
  let chain: Promise<void> = Promise.resolve();
  let lastWrite = -Infinity;
  let waiting: Parameters<HeldLock['progress']>[0] | null = null;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const update = waiting;
    waiting = null;
    if (update === null) return;
    lastWrite = clock();
    chain = chain.then(() => lock.progress(update)).catch(() => undefined);
  };
  return {
    write(update: Parameters<HeldLock['progress']>[0], { now = false }: { now?: boolean } = {}) {
      waiting = update;
      if (now || clock() - lastWrite >= PROGRESS_WRITE_MS) {
        clearTimeout(timer);
        flush();
      } else timer ??= setTimeout(flush, PROGRESS_WRITE_MS).unref();
    },
    async settled() {
      clearTimeout(timer);
      flush();
      await chain;
    },
  };
}

/** Starts a backup under the lock; not when another backup or copy is running. */
export async function startBackup(db: Kysely<Database>, config: BackupSettings, options: JobOptions): Promise<Started<BackupResult>> {
  const { trigger, clock = Date.now, keep = null, log = quietLog } = options;
  const { lock, abandoned } = await takeBackupLock(db, { kind: 'backup', trigger, phase: 'database' }, { clock });
  await recordAbandoned(db, abandoned, clock, log);
  if (lock === null) return { started: false, running: await readRunningJob(db) };
  return { started: true, finished: runLocked(db, config, lock, { trigger, clock, keep, log }) };
}

async function runLocked(db: Kysely<Database>, config: BackupSettings, lock: HeldLock, { trigger, clock, keep, log }: Required<JobOptions>): Promise<BackupResult> {
  const progress = progressWriter(lock, clock);
  const startedAt = clock();
  try {
    let written: WrittenBackup;
    try {
      written = await writeBackup(config, {
        now: startedAt,
        onProgress: (update: BackupProgress) => progress.write(update.phase === 'database' ? { phase: 'database' } : { phase: 'archiving', done: update.done, total: update.total }, { now: update.phase === 'database' }),
      });
    } catch (error) {
      const failure = backupFailureOf(error);
      await progress.settled();
      log.error({ err: error, reason: failure.raw, code: failure.code }, 'backup failed');
      // A database that cannot take the record (the same fault, often) must not hide why the
      // backup failed: the caller still gets the failure.
      await recordBackupRun(db, { status: 'failed', startedAt, finishedAt: clock(), error: failure.raw, code: failure.code, trigger, machine: thisMachine() }).catch(() => undefined);
      return { written: null, failure, pruned: [], copy: { state: 'off' } };
    }
    await progress.settled();
    await recordBackupRun(db, { status: 'ok', startedAt, finishedAt: clock(), archive: written.name, bytes: written.bytes, trigger, machine: thisMachine(), copyPending: config.backupOffsite !== null });
    const pruned = keep === null ? [] : await pruneBackups(config.backupDir, keep, clock());
    log.info({ archive: written.name, bytes: written.bytes, files: written.manifest.files.length, deleted: pruned.length }, 'backup written');
    const copy = config.backupOffsite === null ? ({ state: 'off' } as const) : await copyWithStore(db, config, written.name, lock, clock, log);
    return { written, failure: null, pruned, copy };
  } finally {
    await progress.settled().catch(() => undefined);
    await lock.release().catch(() => undefined);
  }
}

/** Copies one archive of BACKUP_DIR to the off-site storage under the lock, records how it went, and keeps BACKUP_KEEP there. */
async function copyWithStore(db: Kysely<Database>, config: BackupSettings, archive: string, lock: HeldLock, clock: () => number, log: BackupLog): Promise<CopyResult> {
  const store = openOffsiteStore(config.backupOffsite!);
  try {
    return await copyArchive(db, config, store, archive, lock, clock, log);
  } finally {
    store.close();
  }
}

async function copyArchive(db: Kysely<Database>, config: BackupSettings, store: OffsiteStore, archive: string, lock: HeldLock, clock: () => number, log: BackupLog): Promise<CopyResult> {
  const progress = progressWriter(lock, clock);
  const file = path.join(config.backupDir, archive);
  try {
    const info = await lstat(file).catch(() => null);
    if (info === null || !info.isFile()) throw new BackupError(`${archive} is no longer in BACKUP_DIR (${config.backupDir}): it was deleted before it could be copied`, 'offsiteArchiveGone');
    progress.write({ phase: 'copying', done: 0, total: info.size, archive }, { now: true });
    await store.upload(file, archive, (done, total) => progress.write({ phase: 'copying', done, total, archive }));
    await progress.settled();
    await recordCopied(db, archive, clock());
  } catch (error) {
    const failure = copyFailureOf(error);
    await progress.settled();
    log.error({ err: error, archive, reason: failure.raw, code: failure.code, storage: store.label }, 'backup copy failed');
    await recordCopyFailed(db, archive, failure, clock(), { retry: failure.code !== 'offsiteArchiveGone' }).catch(() => undefined);
    return { state: 'failed', where: store.label, failure };
  }
  let pruned: string[] = [];
  try {
    pruned = await store.prune(config.backupKeep);
  } catch (error) {
    // The copy is there; the oldest are deleted at the next copy.
    log.warn({ err: error, reason: copyFailureOf(error).raw, storage: store.label }, 'old backups in the off-site storage could not be deleted');
  }
  log.info({ archive, storage: store.label, deleted: pruned.length }, 'backup copied off-site');
  return { state: 'copied', where: store.label, pruned };
}

/** Copies one archive again now (the console's "Copy again"); not while another job runs. */
export async function startCopy(db: Kysely<Database>, config: BackupSettings, archive: string, options: Omit<JobOptions, 'keep'>): Promise<Started<CopyResult>> {
  const { trigger, clock = Date.now, log = quietLog } = options;
  if (config.backupOffsite === null) throw new BackupError('no off-site storage is configured (BACKUP_S3_URL)');
  if (!BACKUP_NAME_PATTERN.test(archive)) throw new BackupError(`${JSON.stringify(archive)} is not the name of a backup archive`);
  const { lock, abandoned } = await takeBackupLock(db, { kind: 'copy', trigger, archive, phase: 'copying' }, { clock });
  await recordAbandoned(db, abandoned, clock, log);
  if (lock === null) return { started: false, running: await readRunningJob(db) };
  const finished = copyWithStore(db, config, archive, lock, clock, log).finally(() => lock.release().catch(() => undefined));
  return { started: true, finished };
}

/**
 * The jobs process's retries (README.md, "Backups and restore"): every archive whose copy
 * failed and is due again (5 minutes after the first failure, doubling, at most 6 hours), or
 * was left half-copied by a process that died, copied under the lock, newest first. Skipped
 * while another job runs; the next round tries again.
 */
export async function retryDueCopies(db: Kysely<Database>, config: BackupSettings, { clock = Date.now, log = quietLog }: { clock?: () => number; log?: BackupLog } = {}): Promise<CopyResult[]> {
  if (config.backupOffsite === null) return [];
  const due = await dueCopies(db, clock());
  if (due.length === 0) return [];
  const { lock, abandoned } = await takeBackupLock(db, { kind: 'copy', trigger: 'schedule', archive: due[0]!, phase: 'copying' }, { clock });
  await recordAbandoned(db, abandoned, clock, log);
  if (lock === null) return [];
  const store = openOffsiteStore(config.backupOffsite);
  const results: CopyResult[] = [];
  try {
    // Under the lock: what is due now (a copy that just failed again is due later).
    for (const archive of await dueCopies(db, clock())) {
      const result = await copyArchive(db, config, store, archive, lock, clock, log);
      results.push(result);
      // The storage still failing: the others wait for the next round rather than fail the same way now.
      if (result.state === 'failed' && result.failure.code !== 'offsiteArchiveGone') break;
    }
  } finally {
    store.close();
    await lock.release().catch(() => undefined);
  }
  return results;
}
