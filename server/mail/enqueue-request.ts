import type { Kysely, Transaction } from 'kysely';
import type { Database, OutboxRequest } from '../db/types.ts';

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
  await db
    .insertInto('outbox')
    .values({
      submission_id: options.submissionId,
      channel: 'http',
      request: JSON.stringify(request),
      to_address: new URL(request.url).host,
      reply_to: null,
      subject: `${request.method} ${request.url}`.slice(0, 500),
      body: '',
      next_attempt_at: options.createdAt,
      created_at: options.createdAt,
    })
    .execute();
}
