import type { Kysely } from 'kysely';
import type { RetentionDays } from '../../src/validation/privacy/retention-periods.ts';
import type { Database } from '../db/types.ts';
import { deleteSubmissions } from '../submissions/delete-submissions.ts';
import { removeUploads } from '../submissions/upload-store.ts';

/*
 * Retention (README.md, "Configuration": the *_RETAIN_DAYS rows): what the jobs process deletes once its period
 * (src/validation/privacy/retention-periods.ts, read into config.retention) has passed.
 * Each function answers counts only, for the jobs' log line; none logs an address.
 */

const DAY_MS = 24 * 3_600_000;
/** Messages are deleted in batches, each in its own short transaction (SQLite writes one at a time). */
const BATCH = 500;

const cutoffOf = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString();

/**
 * Messages older than SUBMISSION_RETAIN_DAYS (not spam) and spam older than SPAM_RETAIN_DAYS,
 * with their files, outbox rows and index rows (deleteSubmissions), files removed from disk
 * after each commit. A message whose mail is still waiting is deleted with that mail: mail is
 * given up after MAIL_MAX_AGE (at most 90 days), far shorter than any period here.
 */
export async function deleteOldMessages(
  db: Kysely<Database>,
  uploadDir: string,
  { now, retention }: { now: number; retention: Pick<RetentionDays, 'submissions' | 'spam'> },
): Promise<{ messages: number; spam: number; files: number }> {
  const result = { messages: 0, spam: 0, files: 0 };
  for (const [spam, days, counter] of [
    [0, retention.submissions, 'messages'],
    [1, retention.spam, 'spam'],
  ] as const) {
    const cutoff = cutoffOf(now, days);
    for (;;) {
      const ids = (await db.selectFrom('submissions').select('id').where('spam', '=', spam).where('created_at', '<', cutoff).orderBy('id').limit(BATCH).execute()).map((row) => row.id);
      if (ids.length === 0) break;
      const files = await db.transaction().execute((trx) => deleteSubmissions(trx, ids));
      await removeUploads(uploadDir, files);
      result[counter] += ids.length;
      result.files += files.length;
      if (ids.length < BATCH) break;
    }
  }
  return result;
}

/**
 * Delivered outbox rows older than MAIL_BODY_RETAIN_DAYS from their delivery. A mail row is
 * kept (the inbox shows its message's delivery, mail health its time) with every column that
 * held the visitor's words or address emptied: recipient, Reply-To, subject, body, headers
 * (List-Unsubscribe links), attachments' names. A delivered request to a form's API (`http`)
 * or to the newsletter service (`brevo`, which names the address) is deleted: nothing reads
 * it once delivered (`npm run outbox` lists undelivered rows; the order of a key waits only
 * on rows not yet delivered). Rows given up on stay until retried or their message is deleted.
 */
export async function clearDeliveredMail(db: Kysely<Database>, { now, days }: { now: number; days: number }): Promise<{ mailCleared: number; requestsDeleted: number }> {
  const cutoff = cutoffOf(now, days);
  const cleared = await db
    .updateTable('outbox')
    .set({ to_address: '', reply_to: null, subject: '', body: '', headers: '{}', attachments: '[]', from_name: null, last_error: null })
    .where('channel', '=', 'mail')
    .where('delivered_at', '<', cutoff)
    .where(({ eb, or }) =>
      or([eb('to_address', '!=', ''), eb('reply_to', 'is not', null), eb('subject', '!=', ''), eb('body', '!=', ''), eb('headers', '!=', '{}'), eb('attachments', '!=', '[]')]),
    )
    .executeTakeFirst();
  const deleted = await db.deleteFrom('outbox').where('channel', 'in', ['http', 'brevo']).where('delivered_at', '<', cutoff).executeTakeFirst();
  return { mailCleared: Number(cleared.numUpdatedRows), requestsDeleted: Number(deleted.numDeletedRows) };
}

/**
 * Newsletter sign-ups never confirmed (status pending, no confirmed_at) whose last sign-up or
 * confirmation mail is older than UNCONFIRMED_SIGN_UP_RETAIN_DAYS: the subscriber, its consent
 * rows, and its outbox rows (the confirmation mail, queued for nobody's message). A
 * subscriber's change asked for and never confirmed is dropped after the same period; the
 * subscriber stays.
 */
export async function deleteUnconfirmedSignUps(db: Kysely<Database>, { now, days }: { now: number; days: number }): Promise<{ signUps: number; changesDropped: number }> {
  const cutoff = cutoffOf(now, days);
  const stale = db
    .selectFrom('newsletter_subscribers')
    .where('updated_at', '<', cutoff)
    .where(({ eb, or }) => or([eb('confirmation_sent_at', 'is', null), eb('confirmation_sent_at', '<', cutoff)]));
  let signUps = 0;
  for (;;) {
    const rows = await stale.select(['id', 'email']).where('status', '=', 'pending').where('confirmed_at', 'is', null).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) break;
    await db.transaction().execute(async (trx) => {
      const ids = rows.map((row) => row.id);
      await trx.deleteFrom('newsletter_consents').where('subscriber_id', 'in', ids).execute();
      await trx.deleteFrom('outbox').where('submission_id', 'is', null).where('channel', '=', 'mail').where('to_address', 'in', rows.map((row) => row.email)).execute();
      await trx.deleteFrom('newsletter_subscribers').where('id', 'in', ids).where('status', '=', 'pending').execute();
    });
    signUps += rows.length;
    if (rows.length < BATCH) break;
  }
  const dropped = await db
    .updateTable('newsletter_subscribers')
    .set({ pending_change: null })
    .where('pending_change', 'is not', null)
    .where('status', '!=', 'pending')
    .where('updated_at', '<', cutoff)
    .where(({ eb, or }) => or([eb('confirmation_sent_at', 'is', null), eb('confirmation_sent_at', '<', cutoff)]))
    .executeTakeFirst();
  return { signUps, changesDropped: Number(dropped.numUpdatedRows) };
}

/** Ended or expired console sessions and used or expired invitations are kept this long (the people page and sign-in tell "expired" from "unknown" meanwhile). */
export const CONSOLE_RECORDS_KEPT_DAYS = 30;

/**
 * What is only useful until it expires: image captchas, answered human tests and console
 * ceremonies past their expiry (also swept as new ones are made, but only when one is), and
 * console sessions and invitations CONSOLE_RECORDS_KEPT_DAYS after they ended or expired.
 */
export async function sweepExpired(db: Kysely<Database>, now: number): Promise<Record<string, number>> {
  const at = new Date(now).toISOString();
  const old = cutoffOf(now, CONSOLE_RECORDS_KEPT_DAYS);
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  return {
    captchas: count(await db.deleteFrom('captchas').where('expires_at', '<', at).executeTakeFirst()),
    humanTests: count(await db.deleteFrom('human_test_spent').where('expires_at', '<', at).executeTakeFirst()),
    ceremonies: count(await db.deleteFrom('console_challenges').where('expires_at', '<=', at).executeTakeFirst()),
    sessions: count(
      await db
        .deleteFrom('console_sessions')
        .where(({ eb, or }) => or([eb('expires_at', '<', old), eb('ended_at', '<', old), eb('last_seen_at', '<', old)]))
        .executeTakeFirst(),
    ),
    invitations: count(
      await db
        .deleteFrom('console_invitations')
        .where(({ eb, or }) => or([eb('expires_at', '<', old), eb('used_at', '<', old)]))
        .executeTakeFirst(),
    ),
  };
}
