import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { startRepeatingTask, type RepeatingTask } from '../jobs/repeating-task.ts';
import { brevoListsOf, brevoOrderKey, brevoRequestInit, type BrevoLists } from './brevo-sync.ts';
import { listsOf, recordConsent } from './subscribe.ts';
import { unsubscribeSubscriber } from './subscription-links.ts';

/*
 * Back from Brevo (README.md "The newsletter service (Brevo)"): every BREVO_POLL_INTERVAL the
 * jobs process asks `GET /v3/contacts?modifiedSince=…` (paged with `limit` and `offset`) and
 * applies what people did there: `emailBlacklisted: true` unsubscribes them here, and a contact
 * taken out of some of our lists leaves those lists here (all of them: unsubscribed), each with
 * a consent record worded "Unsubscribed in Brevo". Nothing is queued back to Brevo. A contact
 * with changes of ours still waiting in the outbox is left for a later poll (ours go first): the
 * cursor then stops just before it, so the next poll reads it again. A contact without an
 * address (Brevo makes them from an SMS number or `ext_id` alone: README.md "The newsletter
 * service (Brevo)") is none of ours: counted (`withoutEmail`) and passed, the cursor moves on.
 * Where it got to (the latest `modifiedAt` applied) is kept in `service_cursors`.
 */

export const BREVO_UNSUBSCRIBE_WORDING = 'Unsubscribed in Brevo';
export const BREVO_CURSOR = 'brevo-modified-since';
const PAGE_LIMIT = 50;
/** The first poll looks this far back. */
const FIRST_LOOK_BACK_MS = 24 * 3_600_000;

interface BrevoContact {
  email?: string;
  emailBlacklisted?: boolean;
  listIds?: number[];
  modifiedAt?: string;
}

export interface BrevoPollOptions {
  db: Kysely<Database>;
  apiKey: string;
  apiUrl: string;
  lists: BrevoLists;
  now: () => number;
  fetch?: typeof fetch;
}

export interface BrevoPollResult {
  contacts: number;
  /** Contacts without an address, passed. */
  withoutEmail: number;
  unsubscribed: number;
  listsLeft: number;
}

async function readCursor(db: Kysely<Database>, now: number): Promise<string> {
  const row = await db.selectFrom('service_cursors').select('value').where('name', '=', BREVO_CURSOR).executeTakeFirst();
  return row?.value ?? new Date(now - FIRST_LOOK_BACK_MS).toISOString();
}

async function saveCursor(db: Kysely<Database>, value: string, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  await db
    .insertInto('service_cursors')
    .values({ name: BREVO_CURSOR, value, updated_at: at })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value, updated_at: at }))
    .execute();
}

async function contactsPage(options: BrevoPollOptions, since: string, offset: number): Promise<BrevoContact[]> {
  const url = new URL(`${options.apiUrl}/v3/contacts`);
  url.searchParams.set('modifiedSince', since);
  url.searchParams.set('limit', String(PAGE_LIMIT));
  url.searchParams.set('offset', String(offset));
  url.searchParams.set('sort', 'asc');
  const response = await (options.fetch ?? fetch)(url, brevoRequestInit(options.apiKey, 'GET'));
  if (response.status !== 200) throw new Error(`Brevo answered ${response.status} to GET /v3/contacts: ${(await response.text().catch(() => '')).slice(0, 300)}`);
  const body = (await response.json()) as { contacts?: BrevoContact[] };
  return body.contacts ?? [];
}

/** One poll: every contact modified since the cursor, applied here. */
export async function pollBrevo(options: BrevoPollOptions): Promise<BrevoPollResult> {
  const { db } = options;
  const since = await readCursor(db, options.now());
  const result: BrevoPollResult = { contacts: 0, withoutEmail: 0, unsubscribed: 0, listsLeft: 0 };
  let latest = Date.parse(since);
  /** The earliest contact left for later: the cursor must not pass it. */
  let leftFrom = Number.POSITIVE_INFINITY;
  for (let offset = 0; ; offset += PAGE_LIMIT) {
    const page = await contactsPage(options, since, offset);
    for (const contact of page) {
      result.contacts += 1;
      const modified = contact.modifiedAt === undefined ? Number.NaN : Date.parse(contact.modifiedAt);
      if (modified > latest) latest = modified;
      const applied = await applyContact(options, contact);
      if (applied === 'later' && modified < leftFrom) leftFrom = modified;
      if (applied === 'unsubscribed') result.unsubscribed += 1;
      if (applied === 'lists') result.listsLeft += 1;
      if (applied === 'no address') result.withoutEmail += 1;
    }
    if (page.length < PAGE_LIMIT) break;
  }
  const cursor = Math.max(Date.parse(since), Math.min(latest, leftFrom - 1));
  if (cursor !== Date.parse(since)) await saveCursor(db, new Date(cursor).toISOString(), options.now());
  return result;
}

/** What a contact changed here: `later` when our own changes for it are still waiting. */
async function applyContact(options: BrevoPollOptions, contact: BrevoContact): Promise<'unsubscribed' | 'lists' | 'later' | 'no address' | null> {
  const { db, lists } = options;
  const email = typeof contact.email === 'string' ? contact.email.trim().toLowerCase() : '';
  if (email === '') return 'no address';
  const subscriber = await db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  if (subscriber === undefined || subscriber.status !== 'subscribed') return null;
  const waiting = await db
    .selectFrom('outbox')
    .select('id')
    .where('order_key', '=', brevoOrderKey(email))
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  if (waiting !== undefined) return 'later';
  const now = options.now();
  const consent = { wording: BREVO_UNSUBSCRIBE_WORDING, request: { ipHash: null, userAgent: null }, now };
  const ours = listsOf(subscriber);
  const inBrevo = new Set(contact.listIds ?? []);
  const kept = ours.filter((list) => inBrevo.has(lists.brevoListOf(list)));
  if (contact.emailBlacklisted === true || (ours.length > 0 && kept.length === 0)) {
    // Nothing goes back to Brevo: it made the change.
    await unsubscribeSubscriber(db, subscriber, consent, null);
    return 'unsubscribed';
  }
  if (kept.length === ours.length) return null;
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('newsletter_subscribers')
      .set({ lists: JSON.stringify(kept), updated_at: at })
      .where('id', '=', subscriber.id)
      .where('lists', '=', subscriber.lists)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await recordConsent(trx, {
      subscriberId: subscriber.id,
      action: 'unsubscribe',
      formId: subscriber.form_id,
      wording: BREVO_UNSUBSCRIBE_WORDING,
      lists: ours.filter((list) => !kept.includes(list)),
      ipHash: null,
      userAgent: null,
      createdAt: at,
    });
  });
  return 'lists';
}

export type BrevoPolling = RepeatingTask;

/** The poll on its timer, in the jobs process; null without BREVO_API_KEY. A failed poll is logged and tried at the next interval. */
export function startBrevoPoll(app: FastifyInstance, options: { fetch?: typeof fetch; log?: FastifyBaseLogger } = {}): BrevoPolling | null {
  const { config } = app;
  const lists = brevoListsOf(config);
  if (lists === null || config.brevoApiKey === null) return null;
  const log = options.log ?? app.log.child({ component: 'brevo-poll' });
  const pollOptions: BrevoPollOptions = { db: app.db, apiKey: config.brevoApiKey, apiUrl: config.brevoApiUrl, lists, now: app.clock, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const poll = () =>
    pollBrevo(pollOptions)
      .then((result) => {
        if (result.unsubscribed + result.listsLeft > 0) log.info(result, 'changes made in Brevo applied');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'Brevo could not be polled: trying again at the next interval'));
  return startRepeatingTask(poll, { firstDelayMs: config.brevoPollIntervalMs, intervalMs: config.brevoPollIntervalMs });
}
