import { sql, type Kysely } from 'kysely';
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
  const [signals, waiting] = await Promise.all([
    readMailSignals(db),
    waitingMail(db).select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { ...judge(signals, now), waiting: Number(waiting.count) };
}

/**
 * `ok` or `degraded`, as readMailHealth says, without counting the waiting mail: /healthz asks
 * it every few seconds, and each of its questions is the first entry of an index (migrations
 * 0014 and 0022), however long the backlog.
 */
export async function readMailState(db: Kysely<Database>, now: number): Promise<MailHealth['state']> {
  return judge(await readMailSignals(db), now).state;
}

interface MailSignals {
  oldest: string | null;
  failingWaiting: { last_error: string | null } | undefined;
  deliveredAt: string | null;
  lastGivenUp: { failed_at: string | null; last_error: string | null } | undefined;
}

/**
 * Mail that is neither delivered nor given up on: the clauses of the partial indexes of 0022,
 * written out, not bound as parameters, since a database uses such an index only for a query
 * whose own clauses say the same.
 */
function waitingMail(db: Kysely<Database>) {
  return db.selectFrom('outbox').where(sql<boolean>`channel = 'mail' and delivered_at is null and failed_at is null`);
}

async function readMailSignals(db: Kysely<Database>): Promise<MailSignals> {
  const mail = db.selectFrom('outbox').where('channel', '=', 'mail');
  const oldest = await waitingMail(db).select((eb) => eb.fn.min('created_at').as('oldest')).executeTakeFirstOrThrow();
  const failingWaiting = await waitingMail(db).select('last_error').where(sql<boolean>`last_error is not null`).orderBy('next_attempt_at', 'desc').limit(1).executeTakeFirst();
  // Written out for the same reason as waitingMail: the partial indexes of 0022.
  const lastDelivered = await mail.select((eb) => eb.fn.max('delivered_at').as('at')).where(sql<boolean>`delivered_at is not null`).executeTakeFirstOrThrow();
  const lastGivenUp = await mail.select(['failed_at', 'last_error']).where(sql<boolean>`failed_at is not null`).orderBy('failed_at', 'desc').limit(1).executeTakeFirst();
  return { oldest: oldest.oldest ?? null, failingWaiting, deliveredAt: lastDelivered.at ?? null, lastGivenUp };
}

function judge({ oldest, failingWaiting, deliveredAt, lastGivenUp }: MailSignals, now: number): Omit<MailHealth, 'waiting'> {
  const givenUpLast = lastGivenUp?.failed_at != null && (deliveredAt === null || lastGivenUp.failed_at > deliveredAt);
  const lastAttemptFailed = failingWaiting !== undefined || givenUpLast;
  const lastError = failingWaiting?.last_error ?? (givenUpLast ? (lastGivenUp?.last_error ?? null) : null);
  const stale = oldest !== null && now - Date.parse(oldest) > MAIL_STALE_MINUTES * 60_000;
  const lastAttemptAt = [deliveredAt, lastGivenUp?.failed_at ?? null].filter((at): at is string => at !== null).sort().at(-1) ?? null;
  return {
    state: stale || lastAttemptFailed ? 'degraded' : 'ok',
    oldestWaitingSince: oldest,
    lastError,
    lastAttemptAt,
    lastAttemptFailed,
  };
}
