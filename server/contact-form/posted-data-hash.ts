import type { SiteSecrets } from '../security/site-secrets.ts';
import { displayValue, type PostedData } from './posted-data.ts';

/*
 * CF7's posted_data_hash (`create_posted_data_hash`): a keyed hash of the half-hour tick, the
 * visitor's address, the unit tag and every posted value. It is answered with mail_sent and
 * mail_failed so the browser can refer back to this exact submission.
 */

const TICK_SECONDS = 30 * 60;

export function postedDataHash(secrets: SiteSecrets, input: { now: number; ip: string; unitTag: string; postedData: PostedData }): string {
  const tick = Math.ceil(input.now / 1000 / TICK_SECONDS);
  const values = Object.values(input.postedData).map(displayValue);
  return secrets.hash('wpcf7_submission', [tick, input.ip, input.unitTag, ...values].join('\n'));
}

/** `wpcf7_sanitize_unit_tag`: letters, digits, `_` and `-` only, so it is safe in `#…` and ids. */
export function sanitizeUnitTag(raw: string): string {
  return raw.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 100);
}
