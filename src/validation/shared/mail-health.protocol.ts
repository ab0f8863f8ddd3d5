// Mail health's protocol (README.md, "Mail health"), written once for the browser and the
// server: the console's health banner, the dashboard's mail tile and /healthz's `mail` all read
// it. Mail health is one of a few named states, each with its cause; the server judges it once
// (server/mail/mail-health.ts) and the console says each in words with the owner's next step.
// Browser-safe.
import { boolean, enums, literal, nullable, number, object, string, union, type Infer } from 'superstruct';

/** Mail waiting longer than this, with no error from the mail server, is late. */
export const MAIL_STALE_MINUTES = 15;

/**
 * - notConfigured: SMTP_URL is not set: nothing is sent, every mail waits in the outbox.
 * - noCompanyAddress: MAIL_TO is not set: the company's copy of each message has no recipient
 *   and waits (mail to visitors and subscribers goes).
 * - failing: the last attempt since mail last went out failed; the mail server's own answer.
 * - delivering: mail waits, and no attempt since mail last went out failed (late after
 *   MAIL_STALE_MINUTES).
 * - healthy: nothing waits and nothing failed since mail last went out.
 */
export const MAIL_HEALTH_STATES = ['notConfigured', 'noCompanyAddress', 'failing', 'delivering', 'healthy'] as const;
export type MailHealthState = (typeof MAIL_HEALTH_STATES)[number];

/**
 * What the mail server's answer says: the login refused (a wrong user name or password), the
 * server not reached (down, a wrong host or port, a firewall), its certificate (or TLS) not
 * accepted, or anything else (a message refused: a recipient the server does not take).
 */
export const MAIL_FAILURE_KINDS = ['login', 'connection', 'certificate', 'other'] as const;
export type MailFailureKind = (typeof MAIL_FAILURE_KINDS)[number];

export const MailBacklogStruct = object({
  /** Mail neither delivered nor held. */
  waiting: number(),
  /** When the oldest waiting mail was queued. */
  oldestWaitingSince: nullable(string()),
  /** Mail given up on after MAIL_MAX_AGE: waits for "Try again now" (or `npm run outbox -- --retry`). */
  held: number(),
});
export type MailBacklog = Infer<typeof MailBacklogStruct>;

const NotConfiguredStruct = object({
  state: literal('notConfigured'),
  /** The variable to set. */
  variable: literal('SMTP_URL'),
  /** MAIL_TO is set too (else the company's copies would have no recipient once SMTP_URL is). */
  companyAddressSet: boolean(),
  backlog: MailBacklogStruct,
});

const NoCompanyAddressStruct = object({
  state: literal('noCompanyAddress'),
  variable: literal('MAIL_TO'),
  /** The company's copies waiting for an address. */
  withoutRecipient: number(),
  lastDeliveredAt: nullable(string()),
  backlog: MailBacklogStruct,
});

const FailingStruct = object({
  state: literal('failing'),
  reason: enums(MAIL_FAILURE_KINDS),
  /** The mail server's own answer to the last failed attempt. */
  smtpAnswer: string(),
  /** The first mail that failed since mail last went out: queued then (or held then); null when not known. */
  failingSince: nullable(string()),
  /** When mail last went out (the mail server accepted it); null: never. */
  lastDeliveredAt: nullable(string()),
  backlog: MailBacklogStruct,
});

const DeliveringStruct = object({
  state: literal('delivering'),
  /** The oldest waiting mail is older than MAIL_STALE_MINUTES. */
  late: boolean(),
  lastDeliveredAt: nullable(string()),
  backlog: MailBacklogStruct,
});

const HealthyStruct = object({
  state: literal('healthy'),
  lastDeliveredAt: nullable(string()),
  backlog: MailBacklogStruct,
});

export const MailHealthStruct = union([NotConfiguredStruct, NoCompanyAddressStruct, FailingStruct, DeliveringStruct, HealthyStruct]);
export type MailHealth = Infer<typeof MailHealthStruct>;
export type MailHealthOf<S extends MailHealthState> = Extract<MailHealth, { state: S }>;

/**
 * One mail's delivery, as the console says it: `sent` only when the mail server accepted it;
 * else `waiting` (not tried yet, or mail is not set up), `failing` (its last attempt failed:
 * the server's answer, since it was queued) or `held` (given up on after MAIL_MAX_AGE).
 * `unknown`: the outbox no longer holds it (delivered mail's record is emptied after
 * MAIL_BODY_RETAIN_DAYS).
 */
export const MailDeliveryStruct = union([
  object({ state: literal('sent'), at: string() }),
  object({ state: literal('waiting'), since: string(), blockedBy: nullable(enums(['SMTP_URL', 'MAIL_TO'] as const)) }),
  object({ state: literal('failing'), since: string(), reason: enums(MAIL_FAILURE_KINDS), smtpAnswer: string(), nextAttemptAt: string() }),
  object({ state: literal('held'), since: string(), smtpAnswer: nullable(string()) }),
  object({ state: literal('unknown') }),
]);
export type MailDelivery = Infer<typeof MailDeliveryStruct>;
