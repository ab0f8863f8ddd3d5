import type { SiteSecrets } from '../security/site-secrets.ts';
import { displayValue, type PostedData } from './posted-data.ts';

/*
 * CF7's posted_data_hash (`create_posted_data_hash`): a keyed hash of the half-hour tick, the
 * visitor's address, the unit tag and every posted value. It is answered with mail_sent and
 * mail_failed so the browser can refer back to this exact submission. The address enters it
 * only as its keyed hash under the key kept outside the database (README, "Privacy"): the hash is
 * stored with the values and the time, and under the database's own secret alone anyone with a
 * copy could try every IPv4 address against it.
 */

const TICK_SECONDS = 30 * 60;

export function postedDataHash(secrets: SiteSecrets, input: { now: number; ip: string; unitTag: string; postedData: PostedData }): string {
  const tick = Math.ceil(input.now / 1000 / TICK_SECONDS);
  const values = Object.values(input.postedData).map(displayValue);
  const client = input.ip === '' ? '' : secrets.hashAddress('remote_ip', input.ip);
  return secrets.hash('wpcf7_submission', [tick, client, input.unitTag, ...values].join('\n'));
}

/** `wpcf7_sanitize_unit_tag`: letters, digits, `_` and `-` only, so it is safe in `#…` and ids. */
export function sanitizeUnitTag(raw: string): string {
  return raw.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 100);
}
