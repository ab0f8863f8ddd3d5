import { NEWSLETTER_FIELD } from '../../src/validation/newsletter/index.ts';
import type { FormFields } from '../http/form-fields.ts';
import { payloadTooLarge } from './newsletter-answer.ts';

/*
 * Limits on what a sign-up may post, far above what the form sends (about fifteen short
 * fields and a reCAPTCHA token of about two kilobytes) and far below what could cost the
 * server anything. The whole body is capped by the route's byte limit first.
 */

export const NEWSLETTER_BODY_LIMIT = 16 * 1024;
export const MAX_FIELDS = 64;
const MAX_NAME_LENGTH = 64;
/** Text attributes are at most 255 by their definition, an address 254, an SMS number 40. */
export const MAX_VALUE_LENGTH = 1000;
/** reCAPTCHA v3 tokens are long and their length is not documented. */
const MAX_TOKEN_LENGTH = 8 * 1024;

/** Too many fields or a name no form has: not a sign-up, a 413. */
export function checkFieldCounts(fields: FormFields): void {
  if (fields.length > MAX_FIELDS) throw payloadTooLarge(`The form has more than ${MAX_FIELDS} fields.`);
  if (fields.some(([name]) => name.length > MAX_NAME_LENGTH)) throw payloadTooLarge(`A field name is longer than ${MAX_NAME_LENGTH} characters.`);
}

/** A value longer than any field of the form accepts: the sign-up fails (status failure). */
export function hasOverlongValue(fields: FormFields): boolean {
  return fields.some(([name, value]) => value.length > (name === NEWSLETTER_FIELD.recaptcha ? MAX_TOKEN_LENGTH : MAX_VALUE_LENGTH));
}
