import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { addDays, dayStart } from './site-days.ts';
import { siteWeekStart } from './site-weeks.ts';

/*
 * Subscribers over time (README.md "The dashboard"), per company week (Monday to Sunday in
 * SITE_TIMEZONE): how many people were subscribed at the end of each week, and how many became
 * subscribed (a confirmation) and stopped (an unsubscribe) during it. Each subscriber's history
 * is its consent record (newsletter_consents: `confirm` and `unsubscribe`); a subscriber without
 * one (a row from before the consent record) counts from its own confirmed_at and
 * unsubscribed_at. A confirmed change of lists of someone already subscribed is no new
 * subscriber, and an unsubscribe of someone not subscribed is no loss, so each week's end is
 * the one before plus its sign-ups less its unsubscribes.
 */

export interface WeekOfSubscribers {
  /** The week's Monday, `YYYY-MM-DD`. */
  weekStart: string;
  /** Subscribed at the end of the week (for this week: now). */
  subscribed: number;
  /** People who became subscribed during the week. */
  signedUp: number;
  /** People who unsubscribed during the week. */
  unsubscribed: number;
}

interface Change {
  subscriberId: number;
  action: 'confirm' | 'unsubscribe';
  at: string;
}

/** Every confirmation and unsubscribe before `before`, per subscriber in the order they happened. */
async function changesBefore(db: Kysely<Database>, before: string): Promise<Change[]> {
  const consents = await db
    .selectFrom('newsletter_consents')
    .select(['subscriber_id as subscriberId', 'action', 'created_at as at'])
    .where('action', 'in', ['confirm', 'unsubscribe'])
    .where('created_at', '<', before)
    .orderBy('subscriber_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const withRecord = await db.selectFrom('newsletter_consents').select('subscriber_id').distinct().execute();
  const recorded = new Set(withRecord.map((row) => row.subscriber_id));
  const rows = await db.selectFrom('newsletter_subscribers').select(['id', 'confirmed_at', 'unsubscribed_at']).where('confirmed_at', 'is not', null).execute();
  const unrecorded = rows
    .filter((row) => !recorded.has(row.id))
    .flatMap((row): Change[] => [
      ...(row.confirmed_at !== null && row.confirmed_at < before ? [{ subscriberId: row.id, action: 'confirm' as const, at: row.confirmed_at }] : []),
      ...(row.unsubscribed_at !== null && row.unsubscribed_at < before && row.unsubscribed_at >= (row.confirmed_at ?? '') ? [{ subscriberId: row.id, action: 'unsubscribe' as const, at: row.unsubscribed_at }] : []),
    ]);
  return [...consents.map((row) => ({ subscriberId: row.subscriberId, action: row.action as Change['action'], at: row.at })), ...unrecorded];
}

/** The last `weeks` company weeks, this one included, oldest first. */
export async function subscribersPerWeek(db: Kysely<Database>, now: number, timeZone: string, weeks = 12): Promise<WeekOfSubscribers[]> {
  const thisMonday = siteWeekStart(now, timeZone);
  const mondays = Array.from({ length: weeks }, (_, index) => addDays(thisMonday, (index - weeks + 1) * 7));
  // Each week's end as an instant; a change belongs to the first week whose end is after it.
  const ends = mondays.map((monday) => new Date(dayStart(monday, timeZone, 7)).toISOString());
  const firstStart = new Date(dayStart(mondays[0]!, timeZone)).toISOString();
  let before = 0;
  const signedUp = mondays.map(() => 0);
  const unsubscribed = mondays.map(() => 0);
  const subscribed = new Map<number, boolean>();
  for (const change of await changesBefore(db, ends.at(-1)!)) {
    const was = subscribed.get(change.subscriberId) ?? false;
    const is = change.action === 'confirm';
    if (was === is) continue;
    subscribed.set(change.subscriberId, is);
    if (change.at < firstStart) {
      before += is ? 1 : -1;
      continue;
    }
    const week = ends.findIndex((end) => change.at < end);
    if (is) signedUp[week]! += 1;
    else unsubscribed[week]! += 1;
  }
  let running = before;
  return mondays.map((weekStart, index) => {
    running += signedUp[index]! - unsubscribed[index]!;
    return { weekStart, subscribed: running, signedUp: signedUp[index]!, unsubscribed: unsubscribed[index]! };
  });
}
