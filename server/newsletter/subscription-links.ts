import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { ConsentAction, Database, SubscriberStatus, NewsletterSubscribersTable } from '../db/types.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { parseToken, type ParsedToken } from './link-tokens.ts';
import { queueBrevoContact, queueBrevoUnsubscribe, type BrevoLists } from './brevo-sync.ts';
import { listsOf, mergedDetails, recordConsent, type PendingChange } from './subscribe.ts';

/*
 * What the links in newsletter mail do: confirm the subscriber's pending change (a double
 * opt-in, more lists or another number asked for by a later sign-up, or a sign-up of an address
 * that had left), and unsubscribe. A confirmation link confirms only the change it was mailed
 * for, once (link-tokens.ts). Each is idempotent (a second click changes nothing and records
 * nothing), and each change is written with its consent record in one transaction, and with
 * the newsletter service's change when Brevo is configured (brevo-sync.ts).
 */

export type SubscriberRow = Selectable<NewsletterSubscribersTable>;

export interface LinkRequest {
  ipHash: string | null;
  userAgent: string | null;
}

interface TokenSubscriber {
  subscriber: SubscriberRow;
  parsed: ParsedToken;
}

async function subscriberOf(db: Kysely<Database>, secrets: SiteSecrets, token: string, kind: ParsedToken['kind'], now: number): Promise<TokenSubscriber | null> {
  const parsed = parseToken(token);
  if (parsed === null || parsed.kind !== kind) return null;
  const row = await db.selectFrom('newsletter_subscribers').selectAll().where('id', '=', parsed.subscriberId).executeTakeFirst();
  if (row === undefined || !parsed.verify(secrets, row.email, now)) return null;
  return { subscriber: row, parsed };
}

/** The subscriber an unsubscribe token is valid for, or null (forged, altered, or the subscriber is gone). */
export async function subscriberOfUnsubscribeToken(db: Kysely<Database>, secrets: SiteSecrets, token: string, now: number): Promise<SubscriberRow | null> {
  return (await subscriberOf(db, secrets, token, 'unsubscribe', now))?.subscriber ?? null;
}

/**
 * What a confirmation token finds: `invalid` (forged, altered, expired, or the subscriber is
 * gone); `spent`, a genuine link whose change was applied or replaced since; or `pending`, the
 * subscriber's pending change the link was mailed for, waiting.
 */
export type ConfirmLink =
  | { kind: 'invalid' }
  | { kind: 'spent'; subscriber: SubscriberRow }
  | { kind: 'pending'; subscriber: SubscriberRow & { pending_change: string }; change: PendingChange };

export async function confirmLinkOf(db: Kysely<Database>, secrets: SiteSecrets, token: string, now: number): Promise<ConfirmLink> {
  const found = await subscriberOf(db, secrets, token, 'confirm', now);
  if (found === null) return { kind: 'invalid' };
  const { subscriber, parsed } = found;
  const stored = subscriber.pending_change;
  if (stored === null || !parsed.confirms(secrets, stored)) return { kind: 'spent', subscriber };
  return { kind: 'pending', subscriber: { ...subscriber, pending_change: stored }, change: JSON.parse(stored) as PendingChange };
}

export interface LinkConsent {
  wording: string;
  request: LinkRequest;
  now: number;
}

/**
 * Applies the pending change of a `pending` confirm link: a subscriber gains its lists and
 * details (merged over theirs); a pending or unsubscribed address is subscribed with exactly
 * what the sign-up asked for. When another press applied it first (two clicks at once),
 * nothing is changed or recorded.
 */
export async function confirmSubscriber(
  db: Kysely<Database>,
  link: Extract<ConfirmLink, { kind: 'pending' }>,
  consent: Omit<LinkConsent, 'wording'>,
  brevo: BrevoLists | null,
): Promise<boolean> {
  const { subscriber, change } = link;
  const at = new Date(consent.now).toISOString();
  const subscribed = subscriber.status === 'subscribed';
  const joined = listsOf(subscriber);
  const details = { sms: change.sms, attributes: change.attributes, dates: change.dates };
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('newsletter_subscribers')
      .set({
        status: 'subscribed',
        ...(subscribed
          ? { lists: JSON.stringify([...joined, ...change.lists.filter((list) => !joined.includes(list))]), ...mergedDetails(subscriber, details) }
          : { lists: JSON.stringify(change.lists), ...details, confirmed_at: at, unsubscribed_at: null }),
        form_id: change.formId,
        updated_at: at,
        pending_change: null,
        // The mailbox has answered: a change it asks for next may be mailed at once.
        confirmation_sent_at: null,
      })
      .where('id', '=', subscriber.id)
      .where('status', '=', subscriber.status)
      // The link confirms this change only, once: the first of two presses applies it, the second finds it gone.
      .where('pending_change', '=', subscriber.pending_change)
      .returningAll()
      .executeTakeFirst();
    if (changed === undefined) return false;
    await recordConsent(trx, {
      subscriberId: subscriber.id,
      action: 'confirm',
      formId: change.formId,
      // The confirmation is consent to the same words the sign-up showed.
      wording: change.wording,
      lists: change.lists,
      ...consent.request,
      createdAt: at,
    });
    // Brevo gets the subscriber as they now are; answers whether a change was queued.
    return queueBrevoContact(trx, brevo, changed, consent.now);
  });
}

/**
 * Any status → unsubscribed, recording how (`wording`); Brevo is told (`brevo`; null when it
 * made the change itself, or is not configured). Answers whether a Brevo change was queued.
 */
export async function unsubscribeSubscriber(db: Kysely<Database>, subscriber: SubscriberRow, consent: LinkConsent, brevo: BrevoLists | null): Promise<boolean> {
  if (subscriber.status === 'unsubscribed') return false;
  const at = new Date(consent.now).toISOString();
  // Leaving also drops any change waiting for confirmation: its link is spent. A pending
  // address never reached Brevo: nothing to tell it.
  const tellBrevo = subscriber.status === 'subscribed' ? brevo : null;
  return changeStatus(db, subscriber, ['pending', 'subscribed'], { status: 'unsubscribed', unsubscribed_at: at, pending_change: null }, { action: 'unsubscribe', ...consent }, (trx) =>
    queueBrevoUnsubscribe(trx, tellBrevo, subscriber.email, consent.now),
  );
}

/**
 * Moves a subscriber out of one of `from` with its consent record, in one transaction. When
 * another request moved them first (two clicks at once), nothing is changed or recorded: that
 * request recorded it.
 */
async function changeStatus(
  db: Kysely<Database>,
  subscriber: SubscriberRow,
  from: readonly SubscriberStatus[],
  change: Updateable<NewsletterSubscribersTable>,
  consent: LinkConsent & { action: ConsentAction },
  alsoInTransaction: (trx: Transaction<Database>) => Promise<boolean>,
): Promise<boolean> {
  const at = new Date(consent.now).toISOString();
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('newsletter_subscribers')
      .set({ ...change, updated_at: at })
      .where('id', '=', subscriber.id)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return false;
    await recordConsent(trx, {
      subscriberId: subscriber.id,
      action: consent.action,
      formId: subscriber.form_id,
      wording: consent.wording,
      lists: listsOf(subscriber),
      ...consent.request,
      createdAt: at,
    });
    return alsoInTransaction(trx);
  });
}
