import type { Kysely } from 'kysely';
import { MAIL_STALE_MINUTES, type MailHealth } from '../../src/validation/shared/mail-health.protocol.ts';
import type { Database } from '../db/types.ts';

/*
 * Mail health (README.md, "Mail health"), read from the outbox's mail rows: the console's
 * banner and /healthz's `mail`. Waiting mail is neither delivered nor given up. Mail is
 * degraded when the oldest waiting message is older than MAIL_STALE_MINUTES or the last
 * attempt failed: a waiting message carries the error of its last try (a success clears it),
 * and a message given up on is a failure unless mail was delivered after it. The outbox keeps
 * no time of a failed try of a waiting message, so lastAttemptAt is the newest delivery or
 * giving up.
 */

export async function readMailHealth(db: Kysely<Database>, now: number): Promise<MailHealth> {
  const mail = db.selectFrom('outbox').where('channel', '=', 'mail');
  const waiting = await mail
    .select((eb) => [eb.fn.countAll<number | string | bigint>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const failingWaiting = await mail
    .select('last_error')
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('last_error', 'is not', null)
    .orderBy('next_attempt_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lastDelivered = await mail.select((eb) => eb.fn.max('delivered_at').as('at')).executeTakeFirstOrThrow();
  const lastGivenUp = await mail.select(['failed_at', 'last_error']).where('failed_at', 'is not', null).orderBy('failed_at', 'desc').limit(1).executeTakeFirst();

  const deliveredAt = lastDelivered.at ?? null;
  const givenUpLast = lastGivenUp?.failed_at != null && (deliveredAt === null || lastGivenUp.failed_at > deliveredAt);
  const lastAttemptFailed = failingWaiting !== undefined || givenUpLast;
  const lastError = failingWaiting?.last_error ?? (givenUpLast ? (lastGivenUp?.last_error ?? null) : null);
  const oldest = waiting.oldest ?? null;
  const stale = oldest !== null && now - Date.parse(oldest) > MAIL_STALE_MINUTES * 60_000;
  const lastAttemptAt = [deliveredAt, lastGivenUp?.failed_at ?? null].filter((at): at is string => at !== null).sort().at(-1) ?? null;
  return {
    state: stale || lastAttemptFailed ? 'degraded' : 'ok',
    waiting: Number(waiting.count),
    oldestWaitingSince: oldest,
    lastError,
    lastAttemptAt,
    lastAttemptFailed,
  };
}
