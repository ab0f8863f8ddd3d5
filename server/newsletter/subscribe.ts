import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import { cleanSms, normaliseEmail, parseAttributeDate, type NewsletterValues } from '../../src/validation/newsletter/index.ts';
import { dialectOf } from '../db/dialect.ts';
import type { ConsentAction, Database, NewsletterSubscribersTable } from '../db/types.ts';
import type { RateLimit } from '../config.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { queueBrevoContact, type BrevoLists } from './brevo-sync.ts';
import { MAILBOX_MAIL_SPACING_MS, takeConfirmationMailShare } from './confirmation-mail-limits.ts';
import { confirmationMail, newsletterLinks } from './newsletter-mail.ts';

/*
 * A checked sign-up, stored: the subscriber, a consent record and (double opt-in) the
 * confirmation mail are committed in one transaction, so a `success` answer always has its
 * mail in the outbox.
 *
 * - a new address: pending with double opt-in (a confirmation mail is queued), else subscribed
 *   at once;
 * - a known address (pending, subscribed or unsubscribed) on a form with double opt-in: nothing
 *   about it changes now. The sign-up is kept apart as the subscriber's pending change, and a
 *   confirmation mail goes to the address: the change is applied only from that link
 *   (subscription-links.ts), so nobody can change someone else's subscription or bring back
 *   an address that left. For a subscriber the change is what the sign-up adds (more lists,
 *   another SMS number or attributes; nothing new: nothing is stored or mailed); for a pending
 *   or unsubscribed address it is the whole sign-up. Each pending change has a random key and
 *   the mailed link is bound to it (link-tokens.ts): a later change spends the earlier link.
 *   An address that unsubscribed and signs up on a form without double opt-in is subscribed
 *   again at once (that form confirms nothing for anyone).
 *
 * The visitor's answer is the same for a new and a known address (`success`, the form's
 * success words), so the form does not tell anyone who is on the list. Mail to a known address
 * goes out at most once in 10 minutes (`confirmation_sent_at`): within them a repeat writes and
 * sends nothing, so the same POST twice is idempotent and the form cannot flood a mailbox; after
 * them the visitor's next try (the first link went to spam) gets a fresh mail. Before anything
 * is written, a sign-up that would mail takes its share of the mailbox's and the domain's
 * confirmation mail (confirmation-mail-limits.ts: three a day per mailbox, 10 minutes apart);
 * past either limit it writes and mails nothing, and is still answered `success`.
 */

/** The same spacing as the mailbox's (README.md, "Abuse paths and the limits that stop them"). */
export const RESEND_CONFIRMATION_AFTER_MS = MAILBOX_MAIL_SPACING_MS;

/** What happened, for the log and the tests; every one is answered `success` to the visitor. */
export type SubscribeOutcome = 'subscribed' | 'change_requested' | 'confirmation_resent' | 'unchanged' | 'mail_limited';

export interface SubscribeRequest {
  form: NewsletterForm;
  values: NewsletterValues;
  /** The lists to join (listsToJoin): checked against the form already. */
  lists: readonly number[];
  ipHash: string | null;
  userAgent: string | null;
}

export interface SubscribeServices {
  db: Kysely<Database>;
  secrets: SiteSecrets;
  siteUrl: string;
  now: () => number;
  /** NEWSLETTER_DOMAIN_MAIL_LIMIT; null: off. */
  domainMailLimit: RateLimit | null;
  /** The newsletter service's lists (brevo-sync.ts); null: Brevo is not configured. */
  brevo: BrevoLists | null;
}

export interface SubscribeResult {
  outcome: SubscribeOutcome;
  /** A mail was queued: wake the outbox worker. */
  mailQueued: boolean;
  /** A change for Brevo was queued (a subscriber made at once): wake its worker. */
  brevoQueued?: boolean;
}

export async function subscribe(services: SubscribeServices, request: SubscribeRequest): Promise<SubscribeResult> {
  try {
    return await services.db.transaction().execute((trx) => subscribeIn(trx, services, request));
  } catch (error) {
    // Two first sign-ups of one address at the same moment: the second insert hits the unique
    // e-mail. Run again: it now finds the subscriber the other request stored.
    if (!isUniqueViolation(error)) throw error;
    return services.db.transaction().execute((trx) => subscribeIn(trx, services, request));
  }
}

async function subscribeIn(trx: Transaction<Database>, services: SubscribeServices, request: SubscribeRequest): Promise<SubscribeResult> {
  const { form, values } = request;
  const postgres = dialectOf(services.db) === 'postgres';
  const at = services.now();
  const now = new Date(at).toISOString();
  const email = normaliseEmail(values.email);
  const doubleOptIn = form.doubleOptIn !== undefined;
  const existing = await trx
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', email)
    .$if(postgres, (query) => query.forUpdate())
    .executeTakeFirst();

  const consent = (subscriberId: number, lists: readonly number[]) =>
    recordConsent(trx, { subscriberId, action: 'subscribe', formId: form.id, wording: form.consent.label, lists, ipHash: request.ipHash, userAgent: request.userAgent, createdAt: now });
  // The row's confirmation_sent_at and pending_change are set by the same statement that writes the sign-up.
  const queueConfirmation = async (subscriberId: number, change: string) => {
    const subscriber = { id: subscriberId, email };
    const mail = confirmationMail(form, subscriber, newsletterLinks(services.siteUrl, services.secrets, subscriber, change, at), now);
    if (mail === null) return false;
    await enqueueMail(trx, mail);
    return true;
  };

  const limited = async () => doubleOptIn && !(await takeConfirmationMailShare(trx, services.secrets, email, at, services.domainMailLimit));
  const details = subscriberDetails(form, values);
  const pendingChange = (lists: readonly number[]): string =>
    JSON.stringify({ key: randomBytes(16).toString('hex'), lists, ...details, formId: form.id, wording: form.consent.label } satisfies PendingChange);
  if (existing === undefined || (existing.status === 'unsubscribed' && !doubleOptIn)) {
    if (await limited()) return { outcome: 'mail_limited', mailQueued: false };
    const change = doubleOptIn ? pendingChange(request.lists) : null;
    const row = {
      status: doubleOptIn ? ('pending' as const) : ('subscribed' as const),
      lists: JSON.stringify(request.lists),
      ...details,
      form_id: form.id,
      updated_at: now,
      confirmed_at: null,
      unsubscribed_at: null,
      confirmation_sent_at: doubleOptIn ? now : null,
      pending_change: change,
    };
    const id =
      existing === undefined
        ? (await trx.insertInto('newsletter_subscribers').values({ email, created_at: now, ...row }).returning('id').executeTakeFirstOrThrow()).id
        : (await trx.updateTable('newsletter_subscribers').set(row).where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()).id;
    await consent(id, request.lists);
    // Subscribed at once (no double opt-in): Brevo gets the contact in the same transaction.
    const brevoQueued = change === null && (await queueBrevoContact(trx, services.brevo, { email, ...row }, at));
    return { outcome: 'subscribed', mailQueued: change !== null && (await queueConfirmation(id, change)), brevoQueued };
  }

  // A known address: nothing changes before its mailbox confirms. A subscriber confirms what
  // the sign-up adds; a pending or unsubscribed address the whole sign-up.
  const subscribed = existing.status === 'subscribed';
  const joined = listsOf(existing);
  const lists = subscribed ? request.lists.filter((list) => !joined.includes(list)) : request.lists;
  const changes = !subscribed || lists.length > 0 || isNewDetail(existing, details);
  const mailable = doubleOptIn && (existing.confirmation_sent_at === null || at - Date.parse(existing.confirmation_sent_at) >= RESEND_CONFIRMATION_AFTER_MS);
  if (!mailable || !changes) return { outcome: 'unchanged', mailQueued: false };
  if (await limited()) return { outcome: 'mail_limited', mailQueued: false };

  const change = pendingChange(lists);
  await trx.updateTable('newsletter_subscribers').set({ confirmation_sent_at: now, updated_at: now, pending_change: change }).where('id', '=', existing.id).execute();
  await consent(existing.id, lists);
  return { outcome: existing.status === 'pending' ? 'confirmation_resent' : 'change_requested', mailQueued: await queueConfirmation(existing.id, change) };
}

/**
 * A pending change as stored: what to add and set once the subscriber confirms. `key` is
 * random, so two sign-ups asking for the same never share a confirmation link.
 */
export interface PendingChange extends Details {
  key: string;
  lists: readonly number[];
  formId: number;
  /** The consent words the sign-up showed. */
  wording: string;
}

/** True when the sign-up gives an SMS number or an attribute the subscriber does not have. */
function isNewDetail(existing: Details, posted: Details): boolean {
  const merged = mergedDetails(existing, posted);
  return merged.sms !== existing.sms || merged.attributes !== normalisedJson(existing.attributes) || merged.dates !== normalisedJson(existing.dates);
}

const normalisedJson = (json: string) => JSON.stringify(JSON.parse(json) as object);

export interface ConsentRecord {
  subscriberId: number;
  action: ConsentAction;
  formId: number | null;
  wording: string;
  lists: readonly number[];
  ipHash: string | null;
  userAgent: string | null;
  createdAt: string;
}

export async function recordConsent(trx: Transaction<Database> | Kysely<Database>, record: ConsentRecord): Promise<void> {
  await trx
    .insertInto('newsletter_consents')
    .values({
      subscriber_id: record.subscriberId,
      action: record.action,
      form_id: record.formId,
      wording: record.wording,
      lists: JSON.stringify(record.lists),
      ip_hash: record.ipHash,
      user_agent: record.userAgent,
      created_at: record.createdAt,
    })
    .execute();
}

export function listsOf(row: Pick<NewsletterSubscribersTable, 'lists'>): number[] {
  return JSON.parse(row.lists) as number[];
}

export type Details = Pick<NewsletterSubscribersTable, 'sms' | 'attributes' | 'dates'>;

/** What a sign-up says about the subscriber: the SMS number cleaned, filled attributes, dates as yyyy-mm-dd. */
function subscriberDetails(form: NewsletterForm, values: NewsletterValues): Details {
  const attributes = Object.fromEntries(Object.entries(values.attributes).filter(([, value]) => value !== ''));
  const dates: Record<string, string> = {};
  for (const date of form.dates) {
    const parsed = parseAttributeDate(values.dates[date.name] ?? '', date.format);
    if (parsed !== null) dates[date.name] = parsed;
  }
  return { sms: values.sms === '' ? null : cleanSms(values.sms), attributes: JSON.stringify(attributes), dates: JSON.stringify(dates) };
}

/** Joining more lists also keeps what the new sign-up filled in, over what was stored. */
export function mergedDetails(existing: Details, posted: Details): Details {
  const merge = (stored: string, fresh: string) => JSON.stringify({ ...(JSON.parse(stored) as object), ...(JSON.parse(fresh) as object) });
  return {
    sms: posted.sms ?? existing.sms,
    attributes: merge(existing.attributes, posted.attributes),
    dates: merge(existing.dates, posted.dates),
  };
}

function isUniqueViolation(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL's unique_violation; better-sqlite3's extended result code.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
