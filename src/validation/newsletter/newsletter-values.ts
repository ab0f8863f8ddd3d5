// A newsletter submission as both sides read it: from the browser's FormData before sending,
// and from the server's parsed body. One reader, so the two can never disagree on a field.
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';
import { isDialCode, isPrefixOnly } from '../shared/sms.ts';

/** Field names the Brevo plugin's form posts. */
export const NEWSLETTER_FIELD = {
  email: 'email',
  sms: 'SMS',
  /** The dial code picked from the prefix list, posted beside the number (the Brevo plugin's name, as the specification spells it). */
  smsPrefix: 'sib_SMS_prefix',
  /** The lists the visitor ticked: the name of the multi-list block's checkboxes. */
  lists: 'listIDs[]',
  /** Every list the form offered, ticked or not (the plugin's script adds one per checkbox to the POST). */
  offeredLists: 'interestingLists[]',
  consent: 'consent',
  action: 'sib_form_action',
  formId: 'sib_form_id',
  alertNotice: 'sib_form_alert_notice',
  invalidEmailNotice: 'sib_form_invalid_email_notice',
  security: 'security',
  recaptcha: 'g-recaptcha-response',
} as const;

/** The value of `sib_form_action` the plugin's form always posts. */
export const NEWSLETTER_FORM_ACTION = 'subscribe_form_submit';

export interface NewsletterValues {
  email: string;
  /** The SMS number as typed, prefix included; '' when empty or only a prefix (optional SMS). */
  sms: string;
  /** The picked dial code (the form's default when none or a malformed one was posted). */
  smsPrefix: string;
  /** Text attributes by Brevo name (FIRSTNAME…), trimmed. */
  attributes: Record<string, string>;
  /** Date attributes by Brevo name, as typed (checked against the form's format). */
  dates: Record<string, string>;
  /**
   * The ticked list ids (listIDs[]) as posted, not yet checked against the form's lists; none
   * when the POST names no offered list (interestingLists[]), as the plugin reads a sign-up.
   */
  lists: string[];
  consent: boolean;
}

export type FieldEntries = Iterable<readonly [string, string]>;

/**
 * Reads the form's fields from name/value pairs. Unknown names are ignored; a repeated single
 * field keeps its first value. An optional SMS field holding only its prefix reads as empty,
 * as the plugin clears it.
 */
export function readNewsletterValues(form: NewsletterForm, entries: FieldEntries): NewsletterValues {
  const single = new Map<string, string>();
  const ticked: string[] = [];
  let offersLists = false;
  for (const [name, value] of entries) {
    if (name === NEWSLETTER_FIELD.lists) ticked.push(value);
    else if (name === NEWSLETTER_FIELD.offeredLists) offersLists = true;
    // A field posted twice is its last value, as PHP reads it (and the contact form).
    else single.set(name, value);
  }
  const text = (name: string) => (single.get(name) ?? '').trim();
  const rawSms = form.sms ? text(NEWSLETTER_FIELD.sms) : '';
  const postedPrefix = text(NEWSLETTER_FIELD.smsPrefix);
  const smsPrefix = isDialCode(postedPrefix) ? postedPrefix : (form.sms?.defaultPrefix ?? '');
  return {
    email: text(NEWSLETTER_FIELD.email),
    sms: form.sms && !form.sms.required && isPrefixOnly(rawSms, smsPrefix) ? '' : rawSms,
    smsPrefix,
    attributes: Object.fromEntries(form.attributes.map((attribute) => [attribute.name, text(attribute.name)])),
    dates: Object.fromEntries(form.dates.map((date) => [date.name, text(date.name)])),
    // The plugin reads the ticked lists only beside the offered ones; without those only a form's
    // own lists are joined, none for a form with a choice of lists (README.md, "The newsletter").
    lists: offersLists ? ticked : [],
    consent: single.has(NEWSLETTER_FIELD.consent) && single.get(NEWSLETTER_FIELD.consent) !== '',
  };
}
