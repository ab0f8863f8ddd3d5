import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import { NEWSLETTER_FIELD, checkNewsletter, readNewsletterValues, type NewsletterStatus } from '../../src/validation/newsletter/index.ts';
import { formAnswerPage } from '../http/form-answer-page.ts';
import { fieldValue, type FormFields } from '../http/form-fields.ts';
import { sitePage, type SiteHead } from '../http/site-page.ts';
import { escapeHtml } from '../../src/validation/shared/escape-html.ts';

/*
 * The newsletter's answers to a browser's own POST (README.md, "The newsletter": a form sent
 * before its code arrived): a sign-up taken goes on (303) to the form's redirect, else to the
 * "signed up" page (signedUpPage, `GET /newsletter/signed-up/?form=<id>`), which says what the
 * form's success notice says (check your mail to confirm); any other outcome is a page with the
 * form's notice, each field that needs attention and everything sent (http/form-answer-page.ts).
 * A browser that sends no Origin (an old one) cannot show that the form came from the site's own
 * page, which is what stands for the nonce its script would have fetched: its sign-up is never
 * taken, however often it reloads, so its page offers the company's e-mail link instead
 * (signUpWithoutOriginPage).
 */

export const SIGNED_UP_PATH = '/newsletter/signed-up/';

/** Where a sign-up taken from a browser's own POST goes: the form's redirect, else the "signed up" page of the form. */
export function signedUpPath(form: NewsletterForm): string {
  return form.redirect ?? `${SIGNED_UP_PATH}?form=${form.id}`;
}

/** The "signed up" page: the form's success notice, or a general one for an unknown form. */
export function signedUpPage(form: NewsletterForm | undefined, head: SiteHead): string {
  const text = form?.messages.success ?? 'Thank you for signing up. If we asked you to confirm your address, check your inbox for our e-mail.';
  return sitePage({
    title: 'Thank you for signing up',
    head,
    mainClass: 'message-page newsletter-link-page',
    content: `<h1>Thank you for signing up</h1>
<p class="message-page__text">${escapeHtml(text)}</p>
<p><a href="/">Back to the home page</a></p>`,
  });
}

/** Each field's label as the problems and the echo name it. */
function labelsOf(form: NewsletterForm): Map<string, string> {
  return new Map([
    [NEWSLETTER_FIELD.email, form.emailLabel],
    ...form.attributes.map((attribute) => [attribute.name, attribute.label] as const),
    ...form.dates.map((date) => [date.name, date.label] as const),
    ...(form.sms ? [[NEWSLETTER_FIELD.sms, form.sms.label] as const] : []),
    ...(form.choice ? [[NEWSLETTER_FIELD.lists, form.choice.legend] as const] : []),
    [NEWSLETTER_FIELD.consent, 'Consent'],
  ]);
}

/** What the visitor sent, field by field in the form's order, as typed. */
export function sentFields(form: NewsletterForm, fields: FormFields): Array<{ label: string; value: string }> {
  const labels = labelsOf(form);
  const label = (name: string) => labels.get(name) ?? name;
  const listLabel = (id: string) => form.lists.find((list) => String(list.id) === id)?.label ?? id;
  return [
    { label: label(NEWSLETTER_FIELD.email), value: fieldValue(fields, NEWSLETTER_FIELD.email) },
    ...form.attributes.map((attribute) => ({ label: attribute.label, value: fieldValue(fields, attribute.name) })),
    ...form.dates.map((date) => ({ label: date.label, value: fieldValue(fields, date.name) })),
    ...(form.sms ? [{ label: form.sms.label, value: fieldValue(fields, NEWSLETTER_FIELD.sms) }] : []),
    ...(form.choice
      ? [{ label: form.choice.legend, value: fields.filter(([name]) => name === NEWSLETTER_FIELD.lists).map(([, id]) => listLabel(id)).join(', ') }]
      : []),
    { label: label(NEWSLETTER_FIELD.consent), value: fieldValue(fields, NEWSLETTER_FIELD.consent) === '' ? 'Not ticked' : 'Ticked' },
  ];
}

export interface SignUpPageContext {
  head: SiteHead;
  /** The page the form was sent from, or the form on the home page. */
  back: string;
}

/** The page of a sign-up not taken: the form's notice for `status`, each field the shared rules refuse, and what was sent. */
export function signUpProblemPage(form: NewsletterForm, status: NewsletterStatus, notice: string, fields: FormFields, context: SignUpPageContext): string {
  const labels = labelsOf(form);
  const problems = checkNewsletter(form, readNewsletterValues(form, fields)).map((problem) => ({ label: labels.get(problem.field) ?? problem.field, message: problem.message }));
  const noToken = status === 'gcaptchaEmpty' && fieldValue(fields, NEWSLETTER_FIELD.recaptcha).trim() === '';
  return formAnswerPage({
    heading: 'You are not signed up yet',
    paragraphs: [
      notice,
      ...(noToken
        ? ['The form checks that a person is signing up with Google reCAPTCHA, a script that had not run in your browser, so the sign-up could not be taken. Go back, wait until the page has finished loading, and send it again.']
        : []),
    ],
    // reCAPTCHA is asked before the rules: a sign-up it refused was never checked field by field.
    problems: status === 'invalid' || status === 'failure' ? problems : [],
    sent: sentFields(form, fields),
    back: { href: context.back, label: 'Back to the form' },
    head: context.head,
  });
}

/** The page of a request that is not a sign-up (an expired form, the rate limit): its words, and what was sent when the form is known. */
export function signUpRefusalPage(form: NewsletterForm | undefined, message: string, fields: FormFields | null, context: SignUpPageContext): string {
  return formAnswerPage({
    heading: 'You are not signed up yet',
    paragraphs: [message, ...(fields === null || form === undefined ? ['What you typed did not reach us: go back to the form, where your browser may still hold it, and send it again.'] : [])],
    problems: [],
    sent: form === undefined || fields === null ? [] : sentFields(form, fields),
    back: { href: context.back, label: 'Back to the form' },
    head: context.head,
  });
}

/** The newsletter's e-mail link (the live content's company address and newsletter subject). */
export interface SignUpByMail {
  email: string;
  /** The link's words ("Subscribe by e-mail"). */
  label: string;
  subject: string;
}

/** The page of a sign-up sent without a nonce by a browser that sends no Origin: why it cannot be taken, the e-mail link, what was sent. */
export function signUpWithoutOriginPage(form: NewsletterForm | undefined, fields: FormFields | null, byMail: SignUpByMail, context: SignUpPageContext): string {
  const subject = byMail.subject.trim();
  return formAnswerPage({
    heading: 'You are not signed up yet',
    paragraphs: [
      'The sign-up could not be taken from this browser without the page\'s scripts: it did not say which site the form was sent from, so it cannot be told apart from another site sending it in your name. Reloading the page will not change that.',
      'Sign up by e-mail instead with the link below (what you typed is shown underneath), or use the form again in a current browser once the page has finished loading.',
    ],
    links: [{ href: `mailto:${byMail.email}${subject === '' ? '' : `?subject=${encodeURIComponent(subject)}`}`, label: byMail.label, detail: byMail.email }],
    problems: [],
    sent: form === undefined || fields === null ? [] : sentFields(form, fields),
    back: { href: context.back, label: 'Back to the form' },
    head: context.head,
  });
}
