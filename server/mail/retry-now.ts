import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { MailRetry } from '../../src/validation/inbox/inbox.protocol.ts';
import type { Database } from '../db/types.ts';
import { mailFailureKind, type MailSetup } from './mail-health.ts';

/*
 * "Try again now" on a message (README.md, "The inbox" and "Mail health"): its mail is put back
 * in the queue, due now, its last error cleared; the worker (woken by the caller, in this process
 * or the one that delivers the outbox) tries it, and this answers what happened, read from the
 * rows: delivered, or the mail server's answer. Without SMTP_URL nothing can be tried; without
 * MAIL_TO the company's copy has no recipient: both are said at once.
 */

interface RetriedRow {
  id: number;
  delivered_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  next_attempt_at: string;
}

/** Puts the mail back in the queue: due now, no longer held, its last error cleared (so the next one is this attempt's). */
export async function requeueMail(db: Kysely<Database>, rows: ReadonlyArray<{ id: number; failed_at: string | null }>, now: number): Promise<void> {
  const due = new Date(now).toISOString();
  for (const row of rows) {
    await db
      .updateTable('outbox')
      .set({ next_attempt_at: due, last_error: null, ...(row.failed_at === null ? {} : { failed_at: null, attempts: 0 }) })
      .where('id', '=', row.id)
      .where('delivered_at', 'is', null)
      .execute();
  }
}

/** What can be said before any attempt: nothing goes without SMTP_URL, a copy without a recipient waits for MAIL_TO. */
export function retryRefusedBySetup(setup: MailSetup, rows: ReadonlyArray<{ to_address: string }>): MailRetry | null {
  if (!setup.smtp) return { outcome: 'notConfigured', variable: 'SMTP_URL' };
  if (!setup.companyAddress && rows.some((row) => row.to_address === '')) return { outcome: 'noCompanyAddress', variable: 'MAIL_TO' };
  return null;
}

/** The outcome once every row has one (delivered, held, or an error of this attempt); null while one is still being tried. */
export function retryOutcomeOf(rows: readonly RetriedRow[]): MailRetry | null {
  if (rows.some((row) => row.delivered_at === null && row.failed_at === null && row.last_error === null)) return null;
  const delivered = rows.filter((row) => row.delivered_at !== null).length;
  const failure = rows.find((row) => row.delivered_at === null);
  if (failure === undefined) return { outcome: 'delivered', delivered };
  const smtpAnswer = failure.last_error ?? 'The mail was given up on after MAIL_MAX_AGE.';
  const held = failure.failed_at !== null;
  return { outcome: 'failed', delivered, reason: mailFailureKind(smtpAnswer), smtpAnswer, held, nextAttemptAt: held ? null : failure.next_attempt_at };
}

/**
 * Waits for the outcome of the attempt at `ids`, reading the rows (the worker may run in another
 * process), until `waitMs` of real time has passed or the request is gone: then `stillTrying`.
 */
export async function awaitRetryOutcome(db: Kysely<Database>, ids: readonly number[], waitMs: number, signal?: AbortSignal): Promise<MailRetry> {
  const deadline = performance.now() + waitMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 400)) {
    const rows = await db.selectFrom('outbox').select(['id', 'delivered_at', 'failed_at', 'last_error', 'next_attempt_at']).where('id', 'in', ids).execute();
    // A row gone meanwhile (its message deleted) has nothing left to say.
    const outcome = retryOutcomeOf(rows);
    if (outcome !== null) return outcome;
    const left = deadline - performance.now();
    if (left <= 0 || signal?.aborted === true) return { outcome: 'stillTrying' };
    await sleep(Math.min(pause, left), undefined, signal === undefined ? {} : { signal }).catch(() => undefined);
  }
}
