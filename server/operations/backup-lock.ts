import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/*
 * One backup or off-site copy at a time (README.md, "Backups and restore"), whichever process of
 * whichever server starts it: "Back up now" in the console (any server process may answer it),
 * the jobs process's schedule and its copies tried again, and `npm run backup`. The lock is one
 * row of `backup_lock` (migration 0033; its primary key admits one): taken by inserting it,
 * released by deleting it. Its holder beats a heartbeat into it while it works and writes its
 * progress there, which every process reads for the console. A holder that died (killed,
 * restarted) stops beating: after LOCK_STALE_MS its row is taken over, and a backup it held is
 * recorded as interrupted by whoever takes it over.
 */

/** How often a holder shows it is alive. */
export const HEARTBEAT_MS = 10_000;
/** A lock not beaten for this long belongs to a process that died. */
export const LOCK_STALE_MS = 120_000;
const LOCK_NAME = 'backup';

export type BackupJobKind = 'backup' | 'copy';
export type BackupTrigger = 'schedule' | 'console' | 'command';
export type BackupPhase = 'database' | 'archiving' | 'copying';

export interface RunningJob {
  kind: BackupJobKind;
  trigger: BackupTrigger;
  /** The archive a copy sends (a backup's, once written). */
  archive: string | null;
  machine: string;
  startedAt: string;
  heartbeatAt: string;
  phase: BackupPhase;
  done: number | null;
  total: number | null;
}

/** A lock that was left by a process that died, handed to the caller to record. */
export interface AbandonedJob {
  kind: BackupJobKind;
  /** Where it had got: a backup `copying` had written and recorded its archive. */
  phase: BackupPhase;
  trigger: BackupTrigger;
  machine: string;
  startedAt: string;
  heartbeatAt: string;
}

export interface HeldLock {
  readonly token: string;
  /** Writes the phase and bytes done (and beats the heartbeat). */
  progress(update: { phase: BackupPhase; done?: number | null; total?: number | null; archive?: string }): Promise<void>;
  /** Deletes the row, if it is still this holder's; stops the heartbeat. */
  release(): Promise<void>;
}

/** This machine's name, as runs and locks record it. */
export const thisMachine = (): string => hostname();

const asKind = (value: string): BackupJobKind => (value === 'copy' ? 'copy' : 'backup');
const asTrigger = (value: string): BackupTrigger => (value === 'schedule' || value === 'command' ? value : 'console');
const asPhase = (value: string): BackupPhase => (value === 'archiving' || value === 'copying' ? value : 'database');

/** The job running now, if any (a stale one included: it is reported as running until taken over). */
export async function readRunningJob(db: Kysely<Database>): Promise<RunningJob | null> {
  const row = await db.selectFrom('backup_lock').selectAll().where('name', '=', LOCK_NAME).executeTakeFirst();
  if (row === undefined) return null;
  return {
    kind: asKind(row.kind),
    trigger: asTrigger(row.trigger),
    archive: row.archive,
    machine: row.machine,
    startedAt: row.started_at,
    heartbeatAt: row.heartbeat_at,
    phase: asPhase(row.phase),
    done: row.done_bytes,
    total: row.total_bytes,
  };
}

/**
 * Takes the lock for a job: `lock` is null while another holds it. A stale lock is taken over,
 * and answered as `abandoned` to the one process whose delete removed it, to record.
 */
export async function takeBackupLock(
  db: Kysely<Database>,
  job: { kind: BackupJobKind; trigger: BackupTrigger; archive?: string | null; phase: BackupPhase },
  { clock = Date.now }: { clock?: () => number } = {},
): Promise<{ lock: HeldLock | null; abandoned: AbandonedJob | null }> {
  const abandoned = await takeOverStaleLock(db, clock);
  const token = randomBytes(16).toString('hex');
  const now = new Date(clock()).toISOString();
  const inserted = await db
    .insertInto('backup_lock')
    .values({ name: LOCK_NAME, token, kind: job.kind, trigger: job.trigger, archive: job.archive ?? null, machine: thisMachine(), started_at: now, heartbeat_at: now, phase: job.phase, done_bytes: null, total_bytes: null })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('token')
    .executeTakeFirst();
  return { lock: inserted === undefined ? null : heldLock(db, token, clock), abandoned };
}

/**
 * Deletes the lock of a process that died (not beaten for LOCK_STALE_MS) and answers what it was
 * doing, to the one process whose delete removed it; null when there is none.
 */
export async function takeOverStaleLock(db: Kysely<Database>, clock: () => number = Date.now): Promise<AbandonedJob | null> {
  const staleBefore = new Date(clock() - LOCK_STALE_MS).toISOString();
  const stale = await db.selectFrom('backup_lock').selectAll().where('name', '=', LOCK_NAME).where('heartbeat_at', '<', staleBefore).executeTakeFirst();
  if (stale === undefined) return null;
  const removed = await db.deleteFrom('backup_lock').where('name', '=', LOCK_NAME).where('token', '=', stale.token).executeTakeFirst();
  if (removed.numDeletedRows === 0n) return null;
  return { kind: asKind(stale.kind), phase: asPhase(stale.phase), trigger: asTrigger(stale.trigger), machine: stale.machine, startedAt: stale.started_at, heartbeatAt: stale.heartbeat_at };
}

function heldLock(db: Kysely<Database>, token: string, clock: () => number): HeldLock {
  const beat = setInterval(() => {
    void db
      .updateTable('backup_lock')
      .set({ heartbeat_at: new Date(clock()).toISOString() })
      .where('name', '=', LOCK_NAME)
      .where('token', '=', token)
      .execute()
      .catch(() => undefined);
  }, HEARTBEAT_MS).unref();
  return {
    token,
    async progress({ phase, done = null, total = null, archive }) {
      await db
        .updateTable('backup_lock')
        .set({ phase, done_bytes: done, total_bytes: total, heartbeat_at: new Date(clock()).toISOString(), ...(archive === undefined ? {} : { archive }) })
        .where('name', '=', LOCK_NAME)
        .where('token', '=', token)
        .execute();
    },
    async release() {
      clearInterval(beat);
      await db.deleteFrom('backup_lock').where('name', '=', LOCK_NAME).where('token', '=', token).execute();
    },
  };
}
