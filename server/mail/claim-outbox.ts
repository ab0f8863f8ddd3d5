import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database, OutboxChannel, OutboxMessage } from '../db/types.ts';

/*
 * Claiming due mail (and, on the http channel, due API requests) so that several servers can run workers on one database without sending
 * a message twice. A claim is one UPDATE that pushes the message's next_attempt_at a lease
 * into the future and counts the attempt: other workers no longer see it as due, and if this
 * worker dies mid-delivery the message becomes due again when the lease runs out. All state
 * is in the row, so a restart picks up where the last process stopped. On PostgreSQL the
 * candidates are locked with FOR UPDATE SKIP LOCKED, so concurrent claims never wait on or
 * take each other's rows; SQLite runs one write at a time, which makes the UPDATE atomic.
 * A row with an `order_key` (the newsletter service's changes, one key per address) is due only
 * once every earlier row of its key is delivered or held: changes reach the service in order.
 */

export interface ClaimOptions {
  now: number;
  leaseMs: number;
  limit: number;
  /** Messages stored before MAIL_TO was set have no recipient; claim them only once it is. */
  hasDefaultRecipient: boolean;
  /** The rows of one worker: mail (the default) or http requests. */
  channel?: OutboxChannel;
}

export async function claimDueMessages(db: Kysely<Database>, options: ClaimOptions): Promise<OutboxMessage[]> {
  const now = new Date(options.now).toISOString();
  const leaseUntil = new Date(options.now + options.leaseMs).toISOString();
  const postgres = dialectOf(db) === 'postgres';
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where('channel', '=', options.channel ?? 'mail')
    .where(({ eb, exists, not, or, selectFrom }) =>
      or([
        eb('order_key', 'is', null),
        not(
          exists(
            selectFrom('outbox as earlier')
              .select('earlier.id')
              .whereRef('earlier.order_key', '=', 'outbox.order_key')
              .whereRef('earlier.id', '<', 'outbox.id')
              .where('earlier.delivered_at', 'is', null)
              .where('earlier.failed_at', 'is', null),
          ),
        ),
      ]),
    )
    .$if(!options.hasDefaultRecipient, (query) => query.where('to_address', '!=', ''))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(options.limit)
    .$if(postgres, (query) => query.forUpdate().skipLocked());
  return db
    .updateTable('outbox')
    .set({ next_attempt_at: leaseUntil, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Hands claimed but unsent messages back at once (a clean stop), undoing their attempt. */
export async function releaseMessages(db: Kysely<Database>, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ next_attempt_at: new Date(now).toISOString(), attempts: sql<number>`attempts - 1` })
    .where('id', 'in', ids)
    .where('delivered_at', 'is', null)
    .execute();
}

/**
 * Extends a claim just before its message is sent, if it is still this worker's: the row's
 * lease (next_attempt_at) is still the one the claim set. A claim that ran out while earlier
 * messages were slow to send, and was taken by another worker since, is null: not sent twice.
 * The renewed row's lease is what the result update must still find.
 */
export async function renewLease(db: Kysely<Database>, claimed: OutboxMessage, now: number, leaseMs: number): Promise<OutboxMessage | null> {
  const row = await db
    .updateTable('outbox')
    .set({ next_attempt_at: new Date(now + leaseMs).toISOString() })
    .where('id', '=', claimed.id)
    .where('next_attempt_at', '=', claimed.next_attempt_at)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Puts messages held as failed back in the queue (`npm run outbox -- --retry <id>|--all`). */
export async function retryHeldMessages(db: Kysely<Database>, which: number | 'all', now: number): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ failed_at: null, next_attempt_at: new Date(now).toISOString(), attempts: 0 })
    .where('failed_at', 'is not', null)
    .where('delivered_at', 'is', null)
    .$if(which !== 'all', (query) => query.where('id', '=', which as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
