import type { SidebarContact, SidebarContactForm } from '../../content/structs/sidebar-contact.struct.ts';
import { SIDEBAR_FIELD, sidebarFormFields } from '../../src/validation/sidebar-form/index.ts';
import { formAnswerPage } from '../http/form-answer-page.ts';
import { fieldValue, type FormFields } from '../http/form-fields.ts';
import type { SiteHead } from '../http/site-page.ts';
import type { SidebarOutcome } from './send-message.ts';
import { SIDEBAR_FAILED_MESSAGE, SIDEBAR_INVALID_MESSAGE } from './sidebar-answer.ts';

/*
 * The sidebar form's answer to a browser's own POST (README.md, "The sidebar contact panel"):
 * a sent message goes on (303) to the form's page, or, for a form without one, a page with its
 * success text; any other outcome is a page with the plugin's message, each refused field and
 * everything sent (http/form-answer-page.ts). The human test's question comes from a script, so
 * a POST made without it carries no challenge: the page says so in words.
 */

export interface SidebarPageContext {
  head: SiteHead;
  /** The page the form was sent from, or the home page. */
  back: string;
  /** The company's address, for a visitor whose message could not be taken. */
  contactEmail: string;
}

/** The page of a sent message, for a form that names no page to go on to. */
export function sidebarSentPage(form: SidebarContactForm, context: SidebarPageContext): string {
  return formAnswerPage({ heading: 'Message sent', paragraphs: [form.success], problems: [], sent: [], back: { href: context.back, label: 'Back to the page' }, head: context.head });
}

/** The page of a message not taken. */
export function sidebarProblemPage(content: SidebarContact, form: SidebarContactForm, outcome: Exclude<SidebarOutcome, { kind: 'sent' }>, fields: FormFields, context: SidebarPageContext): string {
  const formFields = sidebarFormFields(content.labels, form, content.options.humantest ? { enabled: true, sum: null } : { enabled: false });
  const labelOf = (name: string) => formFields.find((field) => field.name === name)?.label ?? name;
  const errors = outcome.kind === 'invalid' ? outcome.errors : {};
  const noQuestion = content.options.humantest && fieldValue(fields, SIDEBAR_FIELD.challenge) === '' && SIDEBAR_FIELD.answer in errors;
  return formAnswerPage({
    heading: 'Your message was not sent',
    paragraphs: [
      outcome.kind === 'invalid' ? SIDEBAR_INVALID_MESSAGE : SIDEBAR_FAILED_MESSAGE,
      ...(noQuestion
        ? ['The form asks a small sum (a + b = ?) that a script puts on the page, and it had not run in your browser, so the answer could not be checked. Go back, wait until the page has finished loading, and send it again.']
        : []),
      `You can also e-mail us at ${context.contactEmail}.`,
    ],
    problems: Object.entries(errors).map(([name, message]) => ({ label: labelOf(name), message })),
    sent: formFields.map((field) => ({ label: field.label, value: fieldValue(fields, field.name) })),
    back: { href: context.back, label: 'Back to the page' },
    head: context.head,
  });
}
