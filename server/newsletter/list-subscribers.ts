import { formatSiteTime } from '../../src/validation/shared/site-time.ts';
import type { Kysely } from 'kysely';
import type { Database, SubscriberStatus } from '../db/types.ts';
import { csvText } from '../reports/csv.ts';

/*
 * `npm run subscribers`: the subscribers with their latest sign-up consent (form, exact
 * wording, time), as a table for a terminal or as CSV for a spreadsheet or a mailing tool.
 */

export const SUBSCRIBER_STATUSES: readonly SubscriberStatus[] = ['pending', 'subscribed', 'unsubscribed'];

export interface SubscriberListing {
  id: number;
  email: string;
  status: SubscriberStatus;
  lists: number[];
  sms: string | null;
  /** Text and date attributes by Brevo name (dates as yyyy-mm-dd). */
  attributes: Record<string, string>;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  consent: { formId: number | null; wording: string; at: string } | null;
}

export async function listSubscribers(db: Kysely<Database>, status?: SubscriberStatus): Promise<SubscriberListing[]> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .$if(status !== undefined, (query) => query.where('status', '=', status as SubscriberStatus))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const consents = await db
    .selectFrom('newsletter_consents')
    .select(['subscriber_id', 'form_id', 'wording', 'created_at'])
    .where('action', '=', 'subscribe')
    .orderBy('id')
    .execute();
  // Ordered by id, so the last one written per subscriber wins.
  const latest = new Map(consents.map((consent) => [consent.subscriber_id, consent]));
  return rows.map((row) => {
    const consent = latest.get(row.id);
    return {
      id: row.id,
      email: row.email,
      status: row.status,
      lists: JSON.parse(row.lists) as number[],
      sms: row.sms,
      attributes: { ...(JSON.parse(row.attributes) as Record<string, string>), ...(JSON.parse(row.dates) as Record<string, string>) },
      createdAt: row.created_at,
      confirmedAt: row.confirmed_at,
      unsubscribedAt: row.unsubscribed_at,
      consent: consent === undefined ? null : { formId: consent.form_id, wording: consent.wording, at: consent.created_at },
    };
  });
}

/** A plain-text table, one line per subscriber. */
/** Times in `timeZone` (SITE_TIMEZONE). */
export function formatSubscribers(subscribers: readonly SubscriberListing[], timeZone: string): string {
  if (subscribers.length === 0) return 'No subscribers.\n';
  const time = (value: string | null) => (value === null ? '-' : formatSiteTime(value, timeZone));
  const header = ['id', 'email', 'status', 'lists', 'created', 'confirmed', 'unsubscribed', 'form'];
  const rows = subscribers.map((item) => [
    String(item.id),
    item.email.length > 40 ? `${item.email.slice(0, 39)}…` : item.email,
    item.status,
    item.lists.join(','),
    time(item.createdAt),
    time(item.confirmedAt),
    time(item.unsubscribedAt),
    item.consent?.formId == null ? '-' : String(item.consent.formId),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const out = [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
  out.push('', `${subscribers.length} subscriber${subscribers.length === 1 ? '' : 's'}.`);
  return `${out.join('\n')}\n`;
}

/**
 * RFC 4180 CSV (reports/csv.ts: formula-safe cells), one column per attribute any subscriber
 * has; SMS numbers, which start with +, therefore read '+27….
 */
export function subscribersCsv(subscribers: readonly SubscriberListing[]): string {
  const attributeNames = [...new Set(subscribers.flatMap((item) => Object.keys(item.attributes)))].sort();
  const header = [
    'email', 'status', 'lists', 'sms', ...attributeNames,
    'created_at', 'confirmed_at', 'unsubscribed_at', 'consent_form_id', 'consent_wording', 'consent_at',
  ];
  const rows = subscribers.map((item) => [
    item.email,
    item.status,
    item.lists.join(';'),
    item.sms ?? '',
    ...attributeNames.map((name) => item.attributes[name] ?? ''),
    item.createdAt,
    item.confirmedAt ?? '',
    item.unsubscribedAt ?? '',
    item.consent?.formId == null ? '' : String(item.consent.formId),
    item.consent?.wording ?? '',
    item.consent?.at ?? '',
  ]);
  return csvText([header, ...rows]);
}

