import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, OutboxRequest, OutboxTable } from '../db/types.ts';

/*
 * Puts one request to an outside API in the outbox (channel `http`), inside the caller's
 * transaction, so it is sent if and only if its submission was stored. The request worker
 * (start-request-delivery.ts) sends it with retries. The subject names it for `npm run outbox`.
 */

export async function enqueueRequest(
  db: Kysely<Database> | Transaction<Database>,
  request: OutboxRequest,
  options: { submissionId: number | null; createdAt: string },
): Promise<void> {
  await db.insertInto('outbox').values(outboxRequestRow(request, options)).execute();
}

/** The outbox row of a request, with the same columns as a mail's (enqueue-mail.ts, outboxMailRow). */
export function outboxRequestRow(request: OutboxRequest, options: { submissionId: number | null; createdAt: string }): Insertable<OutboxTable> {
  return {
    submission_id: options.submissionId,
    channel: 'http',
    request: JSON.stringify(request),
    to_address: new URL(request.url).host,
    reply_to: null,
    subject: `${request.method} ${request.url}`.slice(0, 500),
    body: '',
    attachments: '[]',
    headers: '{}',
    from_name: null,
    next_attempt_at: options.createdAt,
    created_at: options.createdAt,
  };
}
