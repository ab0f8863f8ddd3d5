import type { FormDefinition } from '../../content/forms/index.ts';
import { ANSWER_STATUS, CONTACT_FORM_FIELD } from '../../src/validation/contact-form/index.ts';
import { formAnswerPage } from '../http/form-answer-page.ts';
import type { SiteHead } from '../http/site-page.ts';
import type { FeedbackAnswer } from './feedback-answer.ts';
import { displayValue, postedText, readPostedData } from './posted-data.ts';

/*
 * The contact form's answer to a browser's own POST (README.md, "The contact form"): a sent
 * message goes on to the thank-you address (thankYouPath), any other outcome is a page with
 * CF7's message, each invalid field with its label and message, and everything the visitor
 * sent (http/form-answer-page.ts). The JSON answer stays the one the scripts read.
 */

/** Where a no-script sender goes after mail_sent when the form has no redirect of its own on this site. */
export const THANK_YOU_PATH = '/thank-you/';

/**
 * The address a sent message goes to: the first redirect the add-on's keys hold (the form's
 * `redirect` actions whose condition held) that is a page of this site and needs no POST of
 * chosen fields, as a path; else /thank-you/.
 */
export function thankYouPath(answer: FeedbackAnswer, siteOrigin: string): string {
  for (const entry of answer.redirect ?? []) {
    if (entry.form !== undefined) continue;
    const url = new URL(entry.redirect_url);
    if (url.origin === siteOrigin) return `${url.pathname}${url.search}`;
  }
  return THANK_YOU_PATH;
}

export interface FeedbackPageContext {
  head: SiteHead;
  /** The page the form was sent from, or the site's contact section. */
  back: string;
  /** True when the server checks reCAPTCHA for this form: a browser without the script sends no token. */
  recaptchaChecked: boolean;
  /** The company's address, for a visitor whose message could not be taken. */
  contactEmail: string;
}

/** The page of an answer other than mail_sent. */
export function feedbackPage(form: FormDefinition, answer: FeedbackAnswer, formData: FormData, context: FeedbackPageContext): string {
  const labelOf = (name: string) => form.fields.find((field) => field.name === name)?.label ?? name;
  const posted = readPostedData(form, formData);
  const noToken = context.recaptchaChecked && postedText(formData, CONTACT_FORM_FIELD.recaptcha).trim() === '';
  const paragraphs = [
    answer.message,
    ...(answer.status === ANSWER_STATUS.spam.status && noToken
      ? ['The form checks that a person is sending it with Google reCAPTCHA, a script that had not run in your browser, so the message could not be taken. Go back, wait until the page has finished loading, and send it again.']
      : []),
    `You can also e-mail us at ${context.contactEmail}.`,
  ];
  const sent = form.fields
    .filter((field) => field.name in posted)
    .map((field) => {
      const value = posted[field.name];
      if (field.type === 'acceptance') return { label: field.label, value: value === '1' ? 'Ticked' : 'Not ticked' };
      if (field.type === 'file') return { label: field.label, value: displayValue(value) === '' ? '' : `${displayValue(value)} (not kept: attach it again)` };
      return { label: field.label, value: displayValue(value) };
    });
  return formAnswerPage({
    heading: 'Your message was not sent',
    paragraphs,
    problems: answer.invalid_fields.map((invalid) => ({ label: labelOf(invalid.field), message: invalid.message })),
    sent,
    back: { href: context.back, label: 'Back to the form' },
    head: context.head,
  });
}
