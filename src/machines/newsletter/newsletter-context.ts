// The newsletter machine's data: what the visitor has entered, how it is posted (the Brevo
// plugin's field names and hidden inputs) and how the answer is shown.
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';
import type { SubscribeAnswer } from '../../services/newsletter/newsletter-api.client.ts';
import type { PrefilledFields } from '../../services/shared/prefilled-fields.service.ts';
import {
  checkNewsletter,
  isPrefixOnly,
  NEWSLETTER_FIELD,
  NEWSLETTER_FORM_ACTION,
  readNewsletterValues,
  type NewsletterProblem,
} from '../../validation/newsletter/index.ts';

export interface NewsletterInput {
  form: NewsletterForm;
  /**
   * What the prerendered form already holds (typed before its code arrived: README.md, "Forms
   * before their code"); the machine starts from these values. None: an empty form.
   */
  prefilled?: PrefilledFields;
}

/** How an answer is shown: the plugin's sib_msg_disp classes (success, warning, error). */
export type NewsletterMessageKind = 'success' | 'warning' | 'error';

export interface NewsletterEntered {
  email: string;
  sms: string;
  /** Text and date attributes by Brevo name. */
  attributes: Record<string, string>;
  /** Ticked list ids. */
  lists: string[];
  consent: boolean;
}

export interface NewsletterContext {
  form: NewsletterForm;
  entered: NewsletterEntered;
  /** The dial code picked from the prefix list (the form's default until one is picked). */
  smsPrefix: string;
  /** Each field's first problem, by posted name. */
  errors: Record<string, string>;
  /** The `security` nonce, fetched when a submission first needs it. */
  nonce: string | null;
  /** The reCAPTCHA token for this submission ('' when none). */
  token: string;
  /** The last submission's answer (null before one, or after a failed request). */
  answer: SubscribeAnswer | null;
  /** The message shown: the answer's, or the raw error of a failed request. Its kind is a state. */
  message: string;
  /** Bumped on each reset, so uncontrolled parts (the prefix picker) can follow. */
  resets: number;
}

/** What the machine announces: the view moves the focus to the error summary. */
export type NewsletterEmitted = { type: 'focus.summary' };

export type NewsletterEvent =
  | { type: 'field.input'; name: string; value: string }
  | { type: 'list.toggle'; id: string; checked: boolean }
  | { type: 'consent.toggle'; checked: boolean }
  | { type: 'prefix.pick'; dialCode: string }
  | { type: 'form.submit' };

export function emptyEntered(form: NewsletterForm, smsPrefix: string): NewsletterEntered {
  const attributes = Object.fromEntries([...form.attributes, ...form.dates].map((field) => [field.name, '']));
  return { email: '', sms: form.sms ? smsPrefix : '', attributes, lists: [], consent: false };
}

/**
 * What the visitor entered, from the form's entries as the browser reads them (unlike the
 * server's reader, nothing is trimmed or cleared: the fields must show exactly what was typed).
 */
export function enteredOf(form: NewsletterForm, smsPrefix: string, entries: PrefilledFields): NewsletterEntered {
  const texts = new Map<string, string>();
  const lists: string[] = [];
  for (const [name, value] of entries) {
    if (typeof value !== 'string') continue;
    if (name === NEWSLETTER_FIELD.lists) lists.push(value);
    else texts.set(name, value);
  }
  const empty = emptyEntered(form, smsPrefix);
  const attributes = Object.fromEntries(Object.keys(empty.attributes).map((name) => [name, texts.get(name) ?? '']));
  return {
    email: texts.get(NEWSLETTER_FIELD.email) ?? '',
    sms: form.sms ? (texts.get(NEWSLETTER_FIELD.sms) ?? empty.sms) : '',
    attributes,
    lists: form.choice ? lists.filter((id) => form.lists.some((list) => String(list.id) === id)) : [],
    consent: texts.has(NEWSLETTER_FIELD.consent),
  };
}

export function createContext({ form, prefilled }: NewsletterInput): NewsletterContext {
  const smsPrefix = form.sms?.defaultPrefix ?? '';
  return {
    form,
    entered: prefilled ? enteredOf(form, smsPrefix, prefilled) : emptyEntered(form, smsPrefix),
    smsPrefix,
    errors: {},
    nonce: null,
    token: '',
    answer: null,
    message: '',
    resets: 0,
  };
}

/** A typed value into its place: e-mail, SMS or an attribute. */
export function withInput(entered: NewsletterEntered, name: string, value: string): NewsletterEntered {
  if (name === NEWSLETTER_FIELD.email) return { ...entered, email: value };
  if (name === NEWSLETTER_FIELD.sms) return { ...entered, sms: value };
  if (name in entered.attributes) return { ...entered, attributes: { ...entered.attributes, [name]: value } };
  return entered;
}

/** A picked dial code replaces the old one at the start of the number, keeping what follows. */
export function withPrefix(sms: string, oldPrefix: string, dialCode: string): string {
  const trimmed = sms.trim();
  const rest = oldPrefix !== '' && trimmed.startsWith(oldPrefix) ? trimmed.slice(oldPrefix.length).trim() : trimmed.replace(/^\+/, '').trim();
  return rest === '' ? dialCode : `${dialCode} ${rest}`;
}

/** The plugin clears an optional SMS field that holds only its prefix before sending. */
export function withoutPrefixOnlySms(context: NewsletterContext): NewsletterEntered {
  const { form, entered, smsPrefix } = context;
  if (!form.sms || form.sms.required || !isPrefixOnly(entered.sms, smsPrefix)) return entered;
  return { ...entered, sms: '' };
}

/** The fields as the form posts them (jQuery serialize order), with the hidden inputs. */
export function newsletterEntries(context: NewsletterContext): Array<[string, string]> {
  const { form, entered } = context;
  const entries: Array<[string, string]> = [[NEWSLETTER_FIELD.email, entered.email]];
  for (const field of [...form.attributes, ...form.dates]) entries.push([field.name, entered.attributes[field.name] ?? '']);
  if (form.sms) entries.push([NEWSLETTER_FIELD.sms, entered.sms], [NEWSLETTER_FIELD.smsPrefix, context.smsPrefix]);
  if (form.choice) for (const id of entered.lists) entries.push([NEWSLETTER_FIELD.lists, id]);
  if (entered.consent) entries.push([NEWSLETTER_FIELD.consent, 'yes']);
  entries.push(...hiddenEntries(form));
  entries.push(...offeredListEntries(form));
  if (context.nonce !== null) entries.push([NEWSLETTER_FIELD.security, context.nonce]);
  if (context.token !== '') entries.push([NEWSLETTER_FIELD.recaptcha, context.token]);
  return entries;
}

/**
 * Every list offered, ticked or not, as the plugin's script adds them after the form's own
 * fields (the server reads ticked lists only beside them); hidden inputs of the prerendered form
 * too, so a form the browser posts itself joins what was ticked (README.md, "Forms before their code").
 */
export function offeredListEntries(form: NewsletterForm): Array<[string, string]> {
  return form.choice ? form.lists.map((list) => [NEWSLETTER_FIELD.offeredLists, String(list.id)]) : [];
}

/** The hidden inputs of the plugin's form, in the HTML and in every POST. */
export function hiddenEntries(form: NewsletterForm): Array<[string, string]> {
  return [
    [NEWSLETTER_FIELD.action, NEWSLETTER_FORM_ACTION],
    [NEWSLETTER_FIELD.formId, String(form.id)],
    [NEWSLETTER_FIELD.alertNotice, form.messages.required],
    [NEWSLETTER_FIELD.invalidEmailNotice, form.messages.invalidEmail],
  ];
}

/** The browser's check, on the values exactly as the server will read them. */
export function problemsOf(context: NewsletterContext): NewsletterProblem[] {
  return checkNewsletter(context.form, readNewsletterValues(context.form, newsletterEntries(context)));
}

export function errorsOf(problems: readonly NewsletterProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

/** success/update (subscribed) → success; already_exist → warning; everything else → error. */
export function messageKindOf(answer: SubscribeAnswer): NewsletterMessageKind {
  if (answer.status === 'success' || answer.status === 'update') return 'success';
  if (answer.status === 'already_exist') return 'warning';
  return 'error';
}
