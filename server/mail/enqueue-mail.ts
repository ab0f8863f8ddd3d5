import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, OutboxAttachment, OutboxTable } from '../db/types.ts';

/*
 * Puts one message in the outbox, inside the caller's transaction: whatever the message is
 * about (a contact form submission, a newsletter sign-up) is committed together with it, so
 * an acknowledged request can only be mailed late, never not at all. The worker
 * (outbox-worker.ts) delivers it; the caller wakes the worker after the commit.
 */

export interface OutboxMail {
  /** Empty: MAIL_TO at delivery. */
  to: string;
  replyTo: string | null;
  subject: string;
  body: string;
  attachments?: readonly OutboxAttachment[];
  /** Extra header fields (List-Unsubscribe …); nodemailer encodes the values. */
  headers?: Readonly<Record<string, string>>;
  /** Sender's display name; default the contact form's. */
  fromName?: string;
  submissionId?: number | null;
  /** ISO time: created, and due at once. */
  createdAt: string;
}

export async function enqueueMail(db: Kysely<Database> | Transaction<Database>, mail: OutboxMail): Promise<void> {
  await db.insertInto('outbox').values(outboxMailRow(mail)).execute();
}

/**
 * The outbox row of a mail, every column it sets given (the defaults spelt out), so that rows
 * of mail and of requests (enqueue-request.ts) can share one multi-row insert: SQLite has no
 * DEFAULT in a VALUES list.
 */
export function outboxMailRow(mail: OutboxMail): Insertable<OutboxTable> {
  return {
    submission_id: mail.submissionId ?? null,
    channel: 'mail',
    request: null,
    to_address: mail.to,
    reply_to: mail.replyTo,
    subject: mail.subject,
    body: mail.body,
    attachments: JSON.stringify(mail.attachments ?? []),
    headers: JSON.stringify(mail.headers ?? {}),
    from_name: mail.fromName ?? null,
    next_attempt_at: mail.createdAt,
    created_at: mail.createdAt,
  };
}
