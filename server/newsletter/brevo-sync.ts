import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { Database, NewsletterSubscribersTable } from '../db/types.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';

/*
 * The newsletter service (README.md "The newsletter service (Brevo)"): every change of a
 * subscriber that Brevo must know is queued in the outbox (channel `brevo`) in the same
 * transaction as the change itself, ordered per address (`order_key`), and sent by the brevo
 * worker (brevo-sender.ts) with Brevo's REST API v3. Each row carries the subscriber's whole
 * state for its kind, so a later change never needs an earlier one that was held.
 *  - subscribed (at once, or confirmed, or a confirmed change): `POST /v3/contacts` with
 *    `email`, `attributes` (SMS, the form's text and date fields by their Brevo names),
 *    `listIds`, `emailBlacklisted: false` (a re-subscribe leaves the blacklist an unsubscribe
 *    put them on: with `updateEnabled: true` Brevo changes only the fields given) and
 *    `updateEnabled: true`; when Brevo answers that it updated a contact it had (204), a `PUT
 *    /v3/contacts/{email}` with `unlinkListIds`: the lists they joined here once (their consent
 *    history) and are no longer on. `listIds` only adds, and only the PUT takes `unlinkListIds`;
 *  - unsubscribed (link, one-click, the owner): `PUT /v3/contacts/{email}` `emailBlacklisted: true`;
 *  - erased (the privacy issue's erasure): `DELETE /v3/contacts/{email}`; when Brevo refuses to
 *    delete it (405, the account's own address), the sender empties it instead (brevoEmptied).
 * Without BREVO_API_KEY nothing is queued.
 */

/** What a brevo row asks of Brevo: its method, its path under BREVO_API_URL, and its JSON body. */
export interface BrevoRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: Record<string, unknown> | null;
  /** Sent next when Brevo updated a contact it had (204): the lists left (`unlinkListIds`). */
  afterUpdate?: BrevoRequest;
}

/** How the forms' list ids become Brevo's; null when Brevo is not configured. */
export interface BrevoLists {
  brevoListOf(listId: number): number;
}

export function brevoListsOf(config: Pick<Config, 'brevoApiKey' | 'brevoListIds'>): BrevoLists | null {
  if (config.brevoApiKey === null) return null;
  return { brevoListOf: (listId) => config.brevoListIds.get(listId) ?? listId };
}

/** What the site keeps in Brevo: its forms' attributes by their Brevo names, and their lists as Brevo's ids. */
export interface BrevoManaged {
  attributes: string[];
  listIds: number[];
}

export function brevoManagedBy(lists: BrevoLists, forms: readonly NewsletterForm[]): BrevoManaged {
  const attributes = new Set(forms.flatMap((form) => [...form.attributes.map((field) => field.name), ...form.dates.map((field) => field.name), ...(form.sms ? [form.sms.name] : [])]));
  const listIds = new Set(forms.flatMap((form) => form.lists.map((list) => lists.brevoListOf(list.id))));
  return { attributes: [...attributes].sort(), listIds: [...listIds].sort((a, b) => a - b) };
}

/**
 * The `PUT /v3/contacts/{email}` body that stands for an erasure Brevo refuses (README.md "The
 * newsletter service (Brevo)"): no more mail or SMS, every attribute the site manages emptied
 * (an empty text clears one: Brevo takes no `null`), every list of the site's forms left.
 */
export function brevoEmptied(managed: BrevoManaged): Record<string, unknown> {
  return {
    attributes: Object.fromEntries(managed.attributes.map((name) => [name, ''])),
    ...(managed.listIds.length === 0 ? {} : { unlinkListIds: managed.listIds }),
    emailBlacklisted: true,
    smsBlacklisted: true,
  };
}

/** How long one call to Brevo may take. */
export const BREVO_TIMEOUT_MS = 15_000;

/**
 * What every call to Brevo sends: the `api-key` header, and no redirect followed, so the key
 * never reaches a host other than BREVO_API_URL (README.md, "Abuse paths"); a 3xx is an answer
 * the caller refuses like any other it does not expect.
 */
export function brevoRequestInit(apiKey: string, method: string, body: unknown = null): RequestInit {
  return {
    method,
    headers: { 'api-key': apiKey, accept: 'application/json', ...(body === null ? {} : { 'content-type': 'application/json' }) },
    body: body === null ? null : JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(BREVO_TIMEOUT_MS),
  };
}

export const brevoOrderKey = (email: string): string => `brevo:${email}`;

type Db = Kysely<Database> | Transaction<Database>;
type SubscriberState = Pick<NewsletterSubscribersTable, 'email' | 'lists' | 'sms' | 'attributes' | 'dates'>;

const brevoListIds = (lists: BrevoLists, json: string): number[] => (JSON.parse(json) as number[]).map((list) => lists.brevoListOf(list));

async function queue(db: Db, email: string, request: BrevoRequest, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  await db
    .insertInto('outbox')
    .values({
      submission_id: null,
      channel: 'brevo',
      request: JSON.stringify(request),
      order_key: brevoOrderKey(email),
      to_address: email,
      reply_to: null,
      subject: `${request.method} ${request.path}`.slice(0, 500),
      body: '',
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

const contactPath = (email: string) => `/v3/contacts/${encodeURIComponent(email)}`;

/** The contact Brevo keeps of a subscribed person: their attributes and lists. */
export function brevoContact(lists: BrevoLists, subscriber: SubscriberState): Record<string, unknown> {
  const attributes: Record<string, string> = {
    ...(JSON.parse(subscriber.attributes) as Record<string, string>),
    ...(JSON.parse(subscriber.dates) as Record<string, string>),
  };
  if (subscriber.sms !== null) attributes.SMS = subscriber.sms;
  const listIds = [...new Set(brevoListIds(lists, subscriber.lists))];
  return { email: subscriber.email, attributes, listIds, emailBlacklisted: false, updateEnabled: true };
}

/** Brevo's lists the address joined here once (any consent record names them) and is not on now. */
async function listsLeft(db: Db, lists: BrevoLists, subscriber: SubscriberState): Promise<number[]> {
  const records = await db
    .selectFrom('newsletter_consents')
    .innerJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_consents.subscriber_id')
    .select('newsletter_consents.lists')
    .where('newsletter_subscribers.email', '=', subscriber.email)
    .execute();
  const current = new Set(brevoListIds(lists, subscriber.lists));
  const once = new Set(records.flatMap((record) => brevoListIds(lists, record.lists)));
  return [...once].filter((list) => !current.has(list)).sort((a, b) => a - b);
}

/** A subscribed person (new, confirmed, or a confirmed change), as they now are. */
export async function queueBrevoContact(db: Db, lists: BrevoLists | null, subscriber: SubscriberState, now: number): Promise<boolean> {
  if (lists === null) return false;
  const left = await listsLeft(db, lists, subscriber);
  const afterUpdate: BrevoRequest | undefined = left.length === 0 ? undefined : { method: 'PUT', path: contactPath(subscriber.email), body: { unlinkListIds: left } };
  await queue(db, subscriber.email, { method: 'POST', path: '/v3/contacts', body: brevoContact(lists, subscriber), ...(afterUpdate ? { afterUpdate } : {}) }, now);
  return true;
}

/** An unsubscribe made here: Brevo stops mailing the address. */
export async function queueBrevoUnsubscribe(db: Db, lists: BrevoLists | null, email: string, now: number): Promise<boolean> {
  if (lists === null) return false;
  await queue(db, email, { method: 'PUT', path: contactPath(email), body: { emailBlacklisted: true } }, now);
  return true;
}

/** An erasure (the privacy issue): the contact is deleted from Brevo too. */
/** Whether a queued Brevo row is an erasure's DELETE (it names the address: forgotten once delivered, README "Privacy"). */
export function isBrevoErasure(row: { channel: string; request: string | null }): boolean {
  return row.channel === 'brevo' && row.request !== null && (JSON.parse(row.request) as BrevoRequest).method === 'DELETE';
}

export async function queueBrevoErasure(db: Db, lists: BrevoLists | null, email: string, now: number): Promise<boolean> {
  if (lists === null) return false;
  await queue(db, email, { method: 'DELETE', path: contactPath(email), body: null }, now);
  return true;
}
