// Every check of a newsletter submission, in the order the form shows its fields. The browser
// runs it before sending (messages beside the fields); the server runs it again on every POST
// and answers `invalid` (bad address or SMS) or `failure` for anything else.
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';
import { dateFormatExample, parseAttributeDate } from './date-attribute.ts';
import { isNewsletterEmail } from './email.ts';
import { isPrefixOnly, isSmsFormat } from '../shared/sms.ts';
import { NEWSLETTER_FIELD, type NewsletterValues } from './newsletter-values.ts';

export type NewsletterProblemKind =
  | 'required'
  | 'invalidEmail'
  | 'invalidSms'
  | 'invalidDate'
  | 'tooLong'
  | 'listRequired'
  | 'unknownList';

export interface NewsletterProblem {
  /** The field's name as posted (email, SMS, FIRSTNAME, listIDs[], consent). */
  field: string;
  kind: NewsletterProblemKind;
  message: string;
}

export function checkNewsletter(form: NewsletterForm, values: NewsletterValues): NewsletterProblem[] {
  const problems: NewsletterProblem[] = [];
  const add = (field: string, kind: NewsletterProblemKind, message: string) => problems.push({ field, kind, message });
  const { messages } = form;

  if (values.email === '') add(NEWSLETTER_FIELD.email, 'required', messages.required);
  else if (!isNewsletterEmail(values.email, form.emailTldMaxLength)) add(NEWSLETTER_FIELD.email, 'invalidEmail', messages.invalidEmail);

  for (const attribute of form.attributes) {
    const value = values.attributes[attribute.name] ?? '';
    if (value === '' && attribute.required) add(attribute.name, 'required', messages.required);
    else if (value.length > attribute.maxLength) {
      add(attribute.name, 'tooLong', `${attribute.label.replace(/ \(optional\)$/, '')} must be ${String(attribute.maxLength)} characters or fewer`);
    }
  }

  for (const date of form.dates) {
    const value = values.dates[date.name] ?? '';
    if (value === '') {
      if (date.required) add(date.name, 'required', messages.required);
    } else if (parseAttributeDate(value, date.format) === null) {
      add(date.name, 'invalidDate', `Enter a real date as ${dateFormatExample(date.format)}`);
    }
  }

  if (form.sms) {
    const empty = isPrefixOnly(values.sms, values.smsPrefix);
    if (empty && form.sms.required) add(NEWSLETTER_FIELD.sms, 'required', messages.required);
    else if (!empty && !isSmsFormat(values.sms)) add(NEWSLETTER_FIELD.sms, 'invalidSms', messages.invalidSms);
  }

  const known = new Set(form.lists.map((list) => String(list.id)));
  if (values.lists.some((id) => !known.has(id))) add(NEWSLETTER_FIELD.lists, 'unknownList', messages.failure);
  else if (form.choice?.required && values.lists.length === 0) add(NEWSLETTER_FIELD.lists, 'listRequired', messages.listRequired);

  if (!values.consent) add(NEWSLETTER_FIELD.consent, 'required', messages.required);
  return problems;
}

/** The lists a valid submission joins: the ticked ones with a choice block, else all of the form's. */
export function listsToJoin(form: NewsletterForm, values: NewsletterValues): number[] {
  if (!form.choice) return form.lists.map((list) => list.id);
  return form.lists.filter((list) => values.lists.includes(String(list.id))).map((list) => list.id);
}
