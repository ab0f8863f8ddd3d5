import { sql, type Kysely } from 'kysely';
import {
  MAIL_STALE_MINUTES,
  type MailBacklog,
  type MailDelivery,
  type MailFailureKind,
  type MailHealth,
  type MailHealthState,
} from '../../src/validation/shared/mail-health.protocol.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';

/*
 * Mail health (README.md, "Mail health"): one of a few named states, judged once here from the
 * configuration and the outbox's mail rows, for the console's banner, the dashboard's tile and
 * /healthz's `mail`. Waiting mail is neither delivered nor given up (held).
 *
 * - notConfigured: SMTP_URL unset; noCompanyAddress: MAIL_TO unset (the company's copies have
 *   no recipient). Before anything the outbox says: nothing can go out as it should.
 * - failing: an attempt failed since mail last went out: a waiting mail queued after the last
 *   delivery whose last try failed, or mail given up on after it. The outbox keeps no time of a
 *   failed try of a waiting mail, so "since the last delivery" is read from when it was queued
 *   (each mail is tried as it is queued). A mail queued before the last delivery and failing
 *   since is that mail's own trouble (a recipient refused), not the server's: it shows on the
 *   mail, and mail health says delivering.
 * - delivering: mail waits, nothing failed since the last delivery; late once the oldest has
 *   waited MAIL_STALE_MINUTES.
 * - healthy: nothing waits.
 */

/** What the configuration says about mail. */
export interface MailSetup {
  /** SMTP_URL is set. */
  smtp: boolean;
  /** MAIL_TO is set. */
  companyAddress: boolean;
}

export const mailSetupOf = (config: Pick<Config, 'smtpUrl' | 'mailTo'>): MailSetup => ({ smtp: config.smtpUrl !== null, companyAddress: config.mailTo !== null });

/** The outbox's facts /healthz reads too: each the first entry of an index (migrations 0014 and 0022). */
export interface MailSignals {
  oldestWaitingSince: string | null;
  lastDeliveredAt: string | null;
  /** The newest failure since the last delivery: a waiting mail's last error (when it was queued), or mail given up on (when). */
  failure: { smtpAnswer: string; at: string } | null;
}

/** What only the console asks: counts (they read the waiting rows). */
export interface MailCounts {
  waiting: number;
  held: number;
  /** Waiting mail with no recipient (the company's copies, MAIL_TO unset). */
  withoutRecipient: number;
  /** When the first mail failing since the last delivery was queued. */
  failingSince: string | null;
}

/**
 * The mail server's answer, by what it says. nodemailer's message carries the server's reply
 * ("Invalid login: 535 …") or the system's error ("connect ECONNREFUSED …").
 */
export function mailFailureKind(smtpAnswer: string): MailFailureKind {
  if (/certificate|self[- ]signed|CERT_|altnames|unable to verify|wrong version number|SSL routines|\bTLS\b/i.test(smtpAnswer)) return 'certificate';
  if (/Invalid login|\b53[045]\b|authenticat|EAUTH/i.test(smtpAnswer)) return 'login';
  if (/ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|Connection timeout|Greeting never received|Connection closed|getaddrinfo|socket hang up|Unexpected socket close/i.test(smtpAnswer)) {
    return 'connection';
  }
  return 'other';
}

/** The state's name alone: what /healthz says. */
export function judgeMailState(setup: MailSetup, signals: MailSignals, now: number): { state: MailHealthState; late: boolean } {
  const late = signals.oldestWaitingSince !== null && now - Date.parse(signals.oldestWaitingSince) > MAIL_STALE_MINUTES * 60_000;
  if (!setup.smtp) return { state: 'notConfigured', late };
  if (!setup.companyAddress) return { state: 'noCompanyAddress', late };
  if (signals.failure !== null) return { state: 'failing', late };
  if (signals.oldestWaitingSince !== null) return { state: 'delivering', late };
  return { state: 'healthy', late };
}

/** The whole state, with its cause and the backlog: what the console says. */
export function mailHealthOf(setup: MailSetup, signals: MailSignals, counts: MailCounts, now: number): MailHealth {
  const backlog: MailBacklog = { waiting: counts.waiting, oldestWaitingSince: signals.oldestWaitingSince, held: counts.held };
  const { lastDeliveredAt } = signals;
  const { state, late } = judgeMailState(setup, signals, now);
  switch (state) {
    case 'notConfigured':
      return { state, variable: 'SMTP_URL', companyAddressSet: setup.companyAddress, backlog };
    case 'noCompanyAddress':
      return { state, variable: 'MAIL_TO', withoutRecipient: counts.withoutRecipient, lastDeliveredAt, backlog };
    case 'failing': {
      const smtpAnswer = signals.failure?.smtpAnswer ?? '';
      return { state, reason: mailFailureKind(smtpAnswer), smtpAnswer, failingSince: counts.failingSince ?? signals.failure?.at ?? null, lastDeliveredAt, backlog };
    }
    case 'delivering':
      return { state, late, lastDeliveredAt, backlog };
    case 'healthy':
      return { state, lastDeliveredAt, backlog };
  }
}

/**
 * Mail that is neither delivered nor given up on: the clauses of the partial indexes of 0022,
 * written out, not bound as parameters, since a database uses such an index only for a query
 * whose own clauses say the same.
 */
function waitingMail(db: Kysely<Database>) {
  return db.selectFrom('outbox').where(sql<boolean>`channel = 'mail' and delivered_at is null and failed_at is null`);
}

/** Waiting mail whose last try failed, queued after the last delivery (all of it when there was none). */
function failingSinceDelivery(db: Kysely<Database>, lastDeliveredAt: string | null) {
  return waitingMail(db)
    .where(sql<boolean>`last_error is not null`)
    .$if(lastDeliveredAt !== null, (query) => query.where('created_at', '>', lastDeliveredAt!));
}

export async function readMailSignals(db: Kysely<Database>): Promise<MailSignals> {
  const mail = db.selectFrom('outbox').where('channel', '=', 'mail');
  const oldest = await waitingMail(db).select((eb) => eb.fn.min('created_at').as('oldest')).executeTakeFirstOrThrow();
  // Written out for the same reason as waitingMail: the partial indexes of 0022.
  const lastDelivered = await mail.select((eb) => eb.fn.max('delivered_at').as('at')).where(sql<boolean>`delivered_at is not null`).executeTakeFirstOrThrow();
  const lastDeliveredAt = lastDelivered.at ?? null;
  const failingWaiting = await failingSinceDelivery(db, lastDeliveredAt).select(['last_error', 'created_at']).orderBy('next_attempt_at', 'desc').limit(1).executeTakeFirst();
  const lastGivenUp = await mail.select(['failed_at', 'last_error']).where(sql<boolean>`failed_at is not null`).orderBy('failed_at', 'desc').limit(1).executeTakeFirst();
  const givenUpSince = lastGivenUp?.failed_at != null && (lastDeliveredAt === null || lastGivenUp.failed_at > lastDeliveredAt);
  const failure =
    failingWaiting?.last_error != null
      ? { smtpAnswer: failingWaiting.last_error, at: failingWaiting.created_at }
      : givenUpSince
        ? { smtpAnswer: lastGivenUp.last_error ?? 'The mail was given up on after MAIL_MAX_AGE.', at: lastGivenUp.failed_at! }
        : null;
  return { oldestWaitingSince: oldest.oldest ?? null, lastDeliveredAt, failure };
}

async function readMailCounts(db: Kysely<Database>, setup: MailSetup, signals: MailSignals): Promise<MailCounts> {
  const waiting = await waitingMail(db).select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).executeTakeFirstOrThrow();
  const held = await db
    .selectFrom('outbox')
    .where(sql<boolean>`failed_at is not null`)
    .where('channel', '=', 'mail')
    .where('delivered_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  const withoutRecipient = setup.companyAddress
    ? { count: 0 }
    : await waitingMail(db).where('to_address', '=', '').select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).executeTakeFirstOrThrow();
  const failingSince =
    signals.failure === null ? undefined : await failingSinceDelivery(db, signals.lastDeliveredAt).select((eb) => eb.fn.min('created_at').as('since')).executeTakeFirst();
  return { waiting: Number(waiting.count), held: Number(held.count), withoutRecipient: Number(withoutRecipient.count), failingSince: failingSince?.since ?? null };
}

/** The console's mail health: the state with its cause and backlog. */
export async function readMailHealth(db: Kysely<Database>, setup: MailSetup, now: number): Promise<MailHealth> {
  const signals = await readMailSignals(db);
  return mailHealthOf(setup, signals, await readMailCounts(db, setup, signals), now);
}

/**
 * The state's name, as readMailHealth judges it, without counting the waiting mail: /healthz
 * asks it every few seconds, and each of its questions is the first entry of an index
 * (migrations 0014 and 0022), however long the backlog.
 */
export async function readMailState(db: Kysely<Database>, setup: MailSetup, now: number): Promise<MailHealthState> {
  // The configuration alone decides these two: nothing to read.
  if (!setup.smtp) return 'notConfigured';
  if (!setup.companyAddress) return 'noCompanyAddress';
  return judgeMailState(setup, await readMailSignals(db), now).state;
}

/** One outbox mail row as the console says its delivery. */
export interface MailDeliveryRow {
  to_address: string;
  created_at: string;
  delivered_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  next_attempt_at: string;
}

/** `sent` only when the mail server accepted it (README.md, "Mail health"). */
export function mailDeliveryOf(row: MailDeliveryRow | undefined, setup: MailSetup): MailDelivery {
  if (row === undefined) return { state: 'unknown' };
  if (row.delivered_at !== null) return { state: 'sent', at: row.delivered_at };
  if (row.failed_at !== null) return { state: 'held', since: row.failed_at, smtpAnswer: row.last_error };
  if (row.last_error !== null) return { state: 'failing', since: row.created_at, reason: mailFailureKind(row.last_error), smtpAnswer: row.last_error, nextAttemptAt: row.next_attempt_at };
  const blockedBy = !setup.smtp ? 'SMTP_URL' : row.to_address === '' && !setup.companyAddress ? 'MAIL_TO' : null;
  return { state: 'waiting', since: row.created_at, blockedBy };
}
