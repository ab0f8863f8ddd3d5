import { formatSiteTime } from '../../src/validation/shared/site-time.ts';
import type { Kysely } from 'kysely';
import type { Database, OutboxChannel } from '../db/types.ts';

/** One undelivered message, as `npm run outbox` shows it. */
export interface UndeliveredMail {
  id: number;
  /**
   * `mail`; `http`: a form's request to an outside API (`to` is its host, `subject` its method
   * and URL); `brevo`: a change for the newsletter service (`to` the subscriber, `subject` the request).
   */
  channel: OutboxChannel;
  submissionId: number | null;
  createdAt: string;
  /** pending: never tried; retrying: failed before, will try again; failed: the worker gave up. */
  state: 'pending' | 'retrying' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  to: string;
  replyTo: string | null;
  subject: string;
  attachments: number;
  lastError: string | null;
}

export async function listUndelivered(db: Kysely<Database>): Promise<UndeliveredMail[]> {
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .where('delivered_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    submissionId: row.submission_id,
    createdAt: row.created_at,
    state: row.failed_at !== null ? 'failed' : row.attempts > 0 ? 'retrying' : 'pending',
    attempts: row.attempts,
    nextAttemptAt: row.failed_at !== null ? null : row.next_attempt_at,
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    attachments: (JSON.parse(row.attachments) as unknown[]).length,
    lastError: row.last_error,
  }));
}

/** A plain-text table for a terminal: one line per message, the last error under it. */
/** Times in `timeZone` (SITE_TIMEZONE). */
export function formatUndelivered(mail: readonly UndeliveredMail[], timeZone: string): string {
  if (mail.length === 0) return 'No undelivered mail.\n';
  const header = ['id', 'channel', 'created', 'state', 'tries', 'next try', 'to', 'subject'];
  const rows = mail.map((item) => [
    String(item.id),
    item.channel,
    formatSiteTime(item.createdAt, timeZone, { seconds: true }),
    item.state,
    String(item.attempts),
    item.nextAttemptAt === null ? '-' : formatSiteTime(item.nextAttemptAt, timeZone, { seconds: true }),
    item.to === '' ? '(MAIL_TO)' : item.to,
    item.subject.length > 60 ? `${item.subject.slice(0, 59)}…` : item.subject,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const out = [line(header), line(widths.map((width) => '-'.repeat(width)))];
  rows.forEach((row, index) => {
    out.push(line(row));
    const error = mail[index]?.lastError;
    if (error) out.push(`    last error: ${error.replace(/\s+/g, ' ').slice(0, 200)}`);
  });
  out.push('', `${mail.length} undelivered message${mail.length === 1 ? '' : 's'}.`);
  return `${out.join('\n')}\n`;
}
