import type { Kysely, Selectable, Updateable } from 'kysely';
import type { ConsentAction, Database, SubscriberStatus, NewsletterSubscribersTable } from '../db/types.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { parseToken } from './link-tokens.ts';
import { listsOf, mergedDetails, recordConsent, type PendingChange } from './subscribe.ts';

/*
 * What the links in newsletter mail do: confirm a pending subscription (double opt-in) or a
 * pending change (more lists, another number, asked for by a later sign-up), and unsubscribe.
 * Each is idempotent (a second click changes nothing and records nothing), and each change is
 * written with its consent record in one transaction.
 */

export type SubscriberRow = Selectable<NewsletterSubscribersTable>;

export interface LinkRequest {
  ipHash: string | null;
  userAgent: string | null;
}

/** The subscriber a token of `kind` is valid for, or null (forged, altered, expired, or the subscriber is gone). */
export async function subscriberOfToken(
  db: Kysely<Database>,
  secrets: SiteSecrets,
  token: string,
  kind: 'confirm' | 'unsubscribe',
  now: number,
): Promise<SubscriberRow | null> {
  const parsed = parseToken(token);
  if (parsed === null || parsed.kind !== kind) return null;
  const row = await db.selectFrom('newsletter_subscribers').selectAll().where('id', '=', parsed.subscriberId).executeTakeFirst();
  if (row === undefined || !parsed.verify(secrets, row.email, now)) return null;
  return row;
}

export interface LinkConsent {
  wording: string;
  request: LinkRequest;
  now: number;
}

/** True when following the subscriber's confirmation link would change something. */
export function hasSomethingToConfirm(subscriber: SubscriberRow): boolean {
  return subscriber.status === 'pending' || (subscriber.status === 'subscribed' && subscriber.pending_change !== null);
}

/**
 * pending → subscribed, and any pending change applied (lists added, details merged). False
 * when the subscriber had unsubscribed meanwhile (the link is spent).
 */
export async function confirmSubscriber(db: Kysely<Database>, subscriber: SubscriberRow, consent: LinkConsent): Promise<boolean> {
  if (subscriber.status === 'unsubscribed') return false;
  if (!hasSomethingToConfirm(subscriber)) return true;
  const at = new Date(consent.now).toISOString();
  const change = subscriber.pending_change === null ? null : (JSON.parse(subscriber.pending_change) as PendingChange);
  const joined = listsOf(subscriber);
  const lists = change === null ? joined : [...joined, ...change.lists.filter((list) => !joined.includes(list))];
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('newsletter_subscribers')
      .set({
        status: 'subscribed',
        confirmed_at: subscriber.confirmed_at ?? at,
        updated_at: at,
        pending_change: null,
        // The mailbox has answered: a change it asks for next may be mailed at once.
        confirmation_sent_at: null,
        ...(change === null ? {} : { lists: JSON.stringify(lists), ...mergedDetails(subscriber, change), form_id: change.formId }),
      })
      .where('id', '=', subscriber.id)
      .where('status', '=', subscriber.status)
      // Two clicks at once: the first applies the change, the second finds it gone.
      .where((where) => (subscriber.pending_change === null ? where('pending_change', 'is', null) : where('pending_change', '=', subscriber.pending_change)))
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await recordConsent(trx, {
      subscriberId: subscriber.id,
      action: 'confirm',
      formId: change?.formId ?? subscriber.form_id,
      wording: change?.wording ?? consent.wording,
      lists: change === null ? lists : change.lists,
      ...consent.request,
      createdAt: at,
    });
  });
  return true;
}

/** Any status → unsubscribed, recording how (`wording`). */
export async function unsubscribeSubscriber(db: Kysely<Database>, subscriber: SubscriberRow, consent: LinkConsent): Promise<void> {
  if (subscriber.status === 'unsubscribed') return;
  const at = new Date(consent.now).toISOString();
  await changeStatus(db, subscriber, ['pending', 'subscribed'], { status: 'unsubscribed', unsubscribed_at: at }, { action: 'unsubscribe', ...consent });
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
): Promise<void> {
  const at = new Date(consent.now).toISOString();
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('newsletter_subscribers')
      .set({ ...change, updated_at: at })
      .where('id', '=', subscriber.id)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await recordConsent(trx, {
      subscriberId: subscriber.id,
      action: consent.action,
      formId: subscriber.form_id,
      wording: consent.wording,
      lists: listsOf(subscriber),
      ...consent.request,
      createdAt: at,
    });
  });
}
