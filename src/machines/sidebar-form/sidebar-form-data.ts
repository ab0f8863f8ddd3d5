// The sidebar form machine's data: what the visitor typed, what one send posts (the plugin's
// field names, plus the human test's signed challenge) and how the browser checks it first, with
// the same rules as the server.
import type { SidebarContact, SidebarContactForm } from '../../../content/structs/sidebar-contact.struct.ts';
import type { HumanTestQuestion, SendAnswer } from '../../services/sidebar-form/sidebar-form-api.client.ts';
import { checkSidebarForm, SIDEBAR_FIELD, sidebarFormFields, type SidebarField } from '../../validation/sidebar-form/index.ts';

export interface SidebarFormInput {
  content: SidebarContact;
  form: SidebarContactForm;
}

export interface SidebarFormContext extends SidebarFormInput {
  /** What the visitor typed, by posted name. */
  values: Record<string, string>;
  /** Each field's message, by posted name: the browser's check, or the server's refusal. */
  errors: Record<string, string>;
  /** The human-test question the last submit was made with. */
  question: HumanTestQuestion | null;
}

export type SidebarFormEvent =
  | { type: 'field.input'; name: string; value: string }
  | { type: 'form.submit'; question: HumanTestQuestion | null }
  | { type: 'result.more' }
  | { type: 'result.retry' }
  | { type: 'result.close' };

/**
 * Signals to the view: where the focus goes (the error summary, the result, the first field),
 * that the question was used up by a send (ask for a new one), that the panel should close.
 */
export type SidebarFormEmitted =
  | { type: 'focus.summary' }
  | { type: 'focus.result' }
  | { type: 'focus.form' }
  | { type: 'question.spent' }
  | { type: 'panel.close' };

export function createSidebarFormContext({ content, form }: SidebarFormInput): SidebarFormContext {
  return { content, form, values: {}, errors: {}, question: null };
}

/** The fields as shown and checked now (the answer's rule knows the question's sum). */
export function fieldsOf(context: Pick<SidebarFormContext, 'content' | 'form' | 'question'>): SidebarField[] {
  const { content, form, question } = context;
  return sidebarFormFields(content.labels, form, content.options.humantest ? { enabled: true, sum: question?.sum ?? null } : { enabled: false });
}

/** The browser's check before sending. With no question to answer yet, the answer says why. */
export function problemsOf(context: SidebarFormContext): Record<string, string> {
  const errors = checkSidebarForm(fieldsOf(context), context.values);
  if (context.content.options.humantest && context.question === null) errors[SIDEBAR_FIELD.answer] ??= context.content.texts.questionFailed;
  return errors;
}

/** What one send posts after `action` (added by the client), in the form's order. */
export function sidebarEntries(context: SidebarFormContext): Array<[string, string]> {
  const entries: Array<[string, string]> = [[SIDEBAR_FIELD.formIndex, String(context.form.index)]];
  for (const field of fieldsOf(context)) entries.push([field.name, context.values[field.name] ?? '']);
  if (context.content.options.humantest && context.question !== null) entries.push([SIDEBAR_FIELD.challenge, context.question.challenge]);
  return entries;
}

export const isSentAnswer = (answer: SendAnswer) => answer.success && answer.result;

/** The server's per-field messages, for the fields the form has. */
export function fieldErrorsOf(context: SidebarFormContext, answer: SendAnswer): Record<string, string> {
  const names = new Set(fieldsOf(context).map((field) => field.name));
  return Object.fromEntries(Object.entries(answer.errors ?? {}).filter(([name]) => names.has(name)));
}
