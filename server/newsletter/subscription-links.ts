import type { Kysely, Selectable } from 'kysely';
import type { Database, NewsletterSubscribersTable } from '../db/types.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { parseToken } from './link-tokens.ts';
import { listsOf, recordConsent } from './subscribe.ts';

/*
 * What the links in newsletter mail do: confirm a pending subscription (double opt-in) and
 * unsubscribe. Both are idempotent (a second click changes nothing and records nothing), and
 * each change is written with its consent record in one transaction.
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

/** pending → subscribed. False when the subscriber had unsubscribed meanwhile (the link is spent). */
export async function confirmSubscriber(
  db: Kysely<Database>,
  subscriber: SubscriberRow,
  consent: { wording: string; request: LinkRequest; now: number },
): Promise<boolean> {
  if (subscriber.status === 'subscribed') return true;
  if (subscriber.status !== 'pending') return false;
  const at = new Date(consent.now).toISOString();
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('newsletter_subscribers')
      .set({ status: 'subscribed', confirmed_at: at, updated_at: at })
      .where('id', '=', subscriber.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // Another click won the race: it recorded the confirmation.
    if (Number(changed.numUpdatedRows) === 0) return true;
    await recordConsent(trx, {
      subscriberId: subscriber.id,
      action: 'confirm',
      formId: subscriber.form_id,
      wording: consent.wording,
      lists: listsOf(subscriber),
      ...consent.request,
      createdAt: at,
    });
    return true;
  });
}

/** Any status → unsubscribed, recording how (`wording`). */
export async function unsubscribeSubscriber(
  db: Kysely<Database>,
  subscriber: SubscriberRow,
  consent: { wording: string; request: LinkRequest; now: number },
): Promise<void> {
  if (subscriber.status === 'unsubscribed') return;
  const at = new Date(consent.now).toISOString();
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('newsletter_subscribers')
      .set({ status: 'unsubscribed', unsubscribed_at: at, updated_at: at })
      .where('id', '=', subscriber.id)
      .where('status', '!=', 'unsubscribed')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await recordConsent(trx, {
      subscriberId: subscriber.id,
      action: 'unsubscribe',
      formId: subscriber.form_id,
      wording: consent.wording,
      lists: listsOf(subscriber),
      ...consent.request,
      createdAt: at,
    });
  });
}
