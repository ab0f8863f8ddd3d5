import { CONTACT_FORM_FIELD, CONTACT_FORM_RECAPTCHA_ACTION } from '../../src/validation/contact-form/index.ts';
import type { Config } from '../config.ts';
import type { FormDefinition } from '../../content/forms/index.ts';
import { displayValue, postedText, type PostedData } from './posted-data.ts';
import { verifyRecaptcha } from '../security/recaptcha.ts';
import { disallowedWordProblem, userAgentProblem } from '../submissions/spam-filters.ts';

/*
 * CF7's spam filters (`wpcf7_spam`), cheapest first so a bot is rarely worth a call to Google:
 * the honeypot the browser form hides (people leave it empty, form-filling
 * bots do not), the filters every form shares (submissions/spam-filters.ts: a missing user
 * agent, the disallowed words), and reCAPTCHA v3 when RECAPTCHA_SECRET is set and the form uses it.
 */

/** The configuration the spam filters read. */
export type SpamConfig = Pick<Config, 'disallowedWords' | 'recaptchaSecret' | 'recaptchaVerifyUrl'>;

export interface SpamContext {
  config: SpamConfig;
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

  if (postedText(context.formData, CONTACT_FORM_FIELD.honeypot).trim() !== '') return spam('honeypot: the hidden field was filled in.');
  const shared =
    userAgentProblem(context.userAgent) ??
    disallowedWordProblem(context.config.disallowedWords, [...Object.values(context.postedData).map(displayValue), context.ip, context.userAgent]);
  if (shared !== null) return spam(shared);

  const { config, form } = context;
  if (config.recaptchaSecret === null || !form.recaptcha) return { spam: false, reason: null, recaptchaScore: null };
  const verdict = await verifyRecaptcha({
    verifyUrl: config.recaptchaVerifyUrl,
    secret: config.recaptchaSecret,
    token: postedText(context.formData, CONTACT_FORM_FIELD.recaptcha),
    hostname: context.hostname,
    action: CONTACT_FORM_RECAPTCHA_ACTION,
  });
  if (!verdict.human) return spam(`recaptcha: ${verdict.reason}`, verdict.score ?? null);
  return { spam: false, reason: null, recaptchaScore: verdict.score ?? null };
}
