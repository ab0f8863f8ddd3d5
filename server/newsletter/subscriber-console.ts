import type { Kysely } from 'kysely';
import { validate } from 'superstruct';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import {
  SUBSCRIBERS_ERROR,
  SUBSCRIBERS_PAGE_SIZE,
  SubscribersQueryStruct,
  type ConsentEntry,
  type NewsletterListRef,
  type StatusCounts,
  type Subscriber,
  type SubscriberSummary,
  type SubscribersPage,
} from '../../src/validation/newsletter/subscribers.protocol.ts';
import type { Database } from '../db/types.ts';
import { idsOfParam } from '../../src/validation/shared/bulk-action.protocol.ts';
import { mailDeliveryOf, type MailSetup } from '../mail/mail-health.ts';
import type { MailDelivery } from '../../src/validation/shared/mail-health.protocol.ts';
import { RestError } from '../http/rest-error.ts';
import { filteredSubscribers, listingsOf, type SubscriberFilter, type SubscriberListing, type SubscriberRow } from './list-subscribers.ts';
import type { PendingChange } from './subscribe.ts';

/*
 * What the console shows of the newsletter's subscribers (README.md, "The console"): a page of
 * the list with its counts per status, and one subscriber with the whole consent history. Lists
 * and forms are named as the newsletter forms name them (content/documents/newsletter-forms.json).
 */

/** The query string of the list and the exports, checked: a wrong parameter is a 400 naming it. */
export function parseSubscribersQuery(query: unknown, { ids = false } = {}): { filter: SubscriberFilter; page: number } {
  const [error, value] = validate(query ?? {}, SubscribersQueryStruct);
  if (error !== undefined) {
    const field = String(error.path[0] ?? error.key ?? 'query');
    throw new RestError(400, SUBSCRIBERS_ERROR.invalidQuery, `The ${field} parameter is not valid: ${error.message}`, { field });
  }
  if (value.ids !== undefined && !ids) throw new RestError(400, SUBSCRIBERS_ERROR.invalidQuery, 'The ids parameter is not valid: only the exports take ids; the list is paged by its filter.', { field: 'ids' });
  const filter: SubscriberFilter = {};
  if (value.ids !== undefined) filter.ids = idsOfParam(value.ids);
  if (value.status !== undefined) filter.status = value.status;
  if (value.list !== undefined) filter.list = Number(value.list);
  const q = value.q?.trim() ?? '';
  if (q !== '') filter.q = q;
  return { filter, page: value.page === undefined ? 1 : Number(value.page) };
}

/** Names of lists and forms, from the newsletter forms. */
export interface NewsletterNames {
  lists: NewsletterListRef[];
  list(id: number): NewsletterListRef;
  form(id: number): { id: number; title: string };
  /** The sign-up forms' label of each attribute, by Brevo name, without “(optional)”. */
  attributeLabels: Record<string, string>;
}

export function newsletterNames(forms: readonly NewsletterForm[]): NewsletterNames {
  const lists = new Map<number, string>();
  for (const form of forms) for (const list of form.lists) if (!lists.has(list.id)) lists.set(list.id, list.label);
  const titles = new Map(forms.map((form) => [form.id, form.title]));
  const attributeLabels: Record<string, string> = {};
  for (const form of forms) {
    for (const field of [...form.attributes, ...form.dates]) attributeLabels[field.name] ??= field.label.replace(/\s*\(optional\)\s*$/i, '');
  }
  return {
    attributeLabels,
    lists: [...lists].map(([id, label]) => ({ id, label })).sort((a, b) => a.id - b.id),
    list: (id) => ({ id, label: lists.get(id) ?? `List ${id}` }),
    form: (id) => ({ id, title: titles.get(id) ?? '' }),
  };
}

function summaryOf(names: NewsletterNames, listing: SubscriberListing, row: SubscriberRow): SubscriberSummary {
  const { consent } = listing;
  return {
    id: listing.id,
    email: listing.email,
    status: listing.status,
    lists: listing.lists.map(names.list),
    sms: listing.sms,
    form: names.form(row.form_id),
    createdAt: listing.createdAt,
    confirmedAt: listing.confirmedAt,
    unsubscribedAt: listing.unsubscribedAt,
    consent: consent === null ? null : { wording: consent.wording, at: consent.at, form: consent.formId === null ? null : names.form(consent.formId) },
    changePending: row.pending_change !== null,
  };
}

/** One page of `filter`, newest first; a page past the last is empty. */
export async function subscribersPage(db: Kysely<Database>, names: NewsletterNames, filter: SubscriberFilter, page: number): Promise<SubscribersPage> {
  const grouped = await filteredSubscribers(db, filter, { status: false })
    .select((eb) => ['status', eb.fn.countAll<number | string | bigint>().as('count')])
    .groupBy('status')
    .execute();
  const counts: StatusCounts = { pending: 0, subscribed: 0, unsubscribed: 0 };
  for (const row of grouped) counts[row.status] = Number(row.count);
  const total = filter.status === undefined ? counts.pending + counts.subscribed + counts.unsubscribed : counts[filter.status];
  const rows = await filteredSubscribers(db, filter)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE)
    .execute();
  const listings = await listingsOf(db, rows);
  return {
    subscribers: listings.map((listing, index) => summaryOf(names, listing, rows[index]!)),
    page,
    pages: Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE)),
    counts,
    lists: names.lists,
  };
}

export async function subscriberRow(db: Kysely<Database>, id: number): Promise<SubscriberRow | undefined> {
  return db.selectFrom('newsletter_subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The confirmation mail of the change waiting: the outbox row queued with it (the same statement
 * time as confirmation_sent_at, to the subscriber's address, of no message), as its delivery.
 */
async function confirmationMailOf(db: Kysely<Database>, row: SubscriberRow, setup: MailSetup): Promise<MailDelivery | null> {
  if (row.confirmation_sent_at === null) return null;
  const mail = await db
    .selectFrom('outbox')
    .select(['to_address', 'created_at', 'delivered_at', 'failed_at', 'last_error', 'next_attempt_at'])
    .where('channel', '=', 'mail')
    .where('submission_id', 'is', null)
    .where('created_at', '=', row.confirmation_sent_at)
    .where('to_address', '=', row.email)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return mailDeliveryOf(mail, setup);
}

/** One subscriber as the console shows them, with every consent record, oldest first. */
export async function subscriberOf(db: Kysely<Database>, names: NewsletterNames, row: SubscriberRow, setup: MailSetup, brevoConnected: boolean): Promise<Subscriber> {
  const attributes: Record<string, string> = { ...(JSON.parse(row.attributes) as Record<string, string>), ...(JSON.parse(row.dates) as Record<string, string>) };
  const consents = await db.selectFrom('newsletter_consents').selectAll().where('subscriber_id', '=', row.id).orderBy('id').execute();
  const change = row.pending_change === null ? null : (JSON.parse(row.pending_change) as PendingChange);
  const confirmationMail = change === null ? null : await confirmationMailOf(db, row, setup);
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    lists: (JSON.parse(row.lists) as number[]).map(names.list),
    sms: row.sms,
    attributes,
    attributeLabels: Object.fromEntries(Object.keys(attributes).flatMap((name) => (names.attributeLabels[name] === undefined ? [] : [[name, names.attributeLabels[name]]]))),
    form: names.form(row.form_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    pendingChange: change === null ? null : { lists: change.lists.map(names.list), form: names.form(change.formId), confirmationMail },
    consents: consents.map(
      (consent): ConsentEntry => ({
        action: consent.action,
        wording: consent.wording,
        at: consent.created_at,
        form: consent.form_id === null ? null : names.form(consent.form_id),
        lists: (JSON.parse(consent.lists) as number[]).map(names.list),
      }),
    ),
    brevo: { connected: brevoConnected, syncedAt: row.brevo_synced_at, error: row.brevo_error },
  };
}
