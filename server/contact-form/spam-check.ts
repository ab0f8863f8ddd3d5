import type { Config } from '../config.ts';
import type { FormDefinition } from '../../content/forms/index.ts';
import { displayValue, postedText, type PostedData } from './posted-data.ts';
import { verifyRecaptcha } from './recaptcha.ts';

/*
 * CF7's spam filters (`wpcf7_spam`), cheapest first so a bot is rarely worth a call to Google:
 * the honeypot the browser form hides (`_wpcf7_hp_website`: people leave it empty, form-filling
 * bots do not), a missing user agent (CF7: "User-Agent string is unnaturally short"), the
 * disallowed words (modules/disallowed-list.php: substrings of any value, the address or the
 * user agent), and reCAPTCHA v3 when RECAPTCHA_SECRET is set and the form uses it.
 */

export const HONEYPOT_FIELD = '_wpcf7_hp_website';
export const RECAPTCHA_FIELD = '_wpcf7_recaptcha_response';

export interface SpamContext {
  config: Config;
  form: FormDefinition;
  formData: FormData;
  postedData: PostedData;
  userAgent: string;
  ip: string;
  hostname: string;
}

export interface SpamVerdict {
  spam: boolean;
  /** Which filter, and why: stored with a spam submission. */
  reason: string | null;
  /** The reCAPTCHA score, when one was asked for. */
  recaptchaScore: number | null;
}

export async function checkSpam(context: SpamContext): Promise<SpamVerdict> {
  const spam = (reason: string, recaptchaScore: number | null = null): SpamVerdict => ({ spam: true, reason, recaptchaScore });

  if (postedText(context.formData, HONEYPOT_FIELD).trim() !== '') return spam('honeypot: the hidden field was filled in.');
  if (context.userAgent.trim().length < 2) return spam('wpcf7: User-Agent string is unnaturally short.');
  const word = findDisallowedWord(context);
  if (word !== null) return spam(`disallowed_list: the disallowed word ${JSON.stringify(word)} is used.`);

  const { config, form } = context;
  if (config.recaptchaSecret === null || !form.recaptcha) return { spam: false, reason: null, recaptchaScore: null };
  const verdict = await verifyRecaptcha({
    verifyUrl: config.recaptchaVerifyUrl,
    secret: config.recaptchaSecret,
    token: postedText(context.formData, RECAPTCHA_FIELD),
    remoteIp: context.ip,
    hostname: context.hostname,
  });
  if (!verdict.human) return spam(`recaptcha: ${verdict.reason}`, verdict.score ?? null);
  return { spam: false, reason: null, recaptchaScore: verdict.score ?? null };
}

function findDisallowedWord({ config, postedData, ip, userAgent }: SpamContext): string | null {
  if (config.disallowedWords.length === 0) return null;
  const target = [...Object.values(postedData).map(displayValue), ip, userAgent].join('\n').toLowerCase();
  return config.disallowedWords.find((word) => target.includes(word)) ?? null;
}
