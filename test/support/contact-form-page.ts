// The contact form as the visitor and the rest of the page meet it: its parts in the rendered
// markup (Contact Form 7's classes, the GOV.UK error summary) and the plugin's DOM events
// (`wpcf7submit`, `wpcf7mailsent`…) as a page script hears them.
import type { FeedbackResponse } from '../../src/services/contact-form/cf7-api.types.ts';

export const wrapper = (container: HTMLElement) => container.querySelector<HTMLElement>('.wpcf7')!;
export const formElement = (container: HTMLElement) => container.querySelector<HTMLFormElement>('form.wpcf7-form')!;
export const submitButton = (container: HTMLElement) => container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
export const control = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
export const hiddenValue = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;
export const spinner = (container: HTMLElement) => container.querySelector<HTMLElement>('.wpcf7-spinner')!;
export const errorSummary = (container: HTMLElement) => container.querySelector<HTMLElement>('.error-summary')!;
export const liveStatus = (container: HTMLElement) => container.querySelector<HTMLElement>('.screen-reader-response [role="status"]')!;
export const responseOutput = (container: HTMLElement) => container.querySelector<HTMLElement>('.wpcf7-response-output')!;

const CF7_EVENTS = [
  'wpcf7statuschanged',
  'wpcf7beforesubmit',
  'wpcf7submit',
  'wpcf7invalid',
  'wpcf7unaccepted',
  'wpcf7spam',
  'wpcf7aborted',
  'wpcf7mailsent',
  'wpcf7mailfailed',
  'wpcf7reset',
] as const;

/** Records the plugin's DOM events on the document, as the rest of a page would hear them. */
export function recordCf7Events() {
  const heard: CustomEvent[] = [];
  for (const name of CF7_EVENTS) document.addEventListener(name, (event) => heard.push(event as CustomEvent));
  return {
    clear: () => {
      heard.length = 0;
    },
    last: (name: (typeof CF7_EVENTS)[number]) => heard.filter((event) => event.type === name).at(-1),
  };
}

/** A Contact Form 7 feedback answer for form 5, unit tag `wpcf7-f5-o1`. */
export function cf7Answer(status: string, message: string, invalid: Array<[string, string]> = [], extra: Partial<FeedbackResponse> = {}): FeedbackResponse {
  return {
    contact_form_id: 5,
    status,
    message,
    invalid_fields: invalid.map(([field, text]) => ({ field, message: text, idref: null, error_id: `wpcf7-f5-o1-ve-${field}` })),
    posted_data_hash: status === 'mail_sent' ? 'hash-1' : '',
    into: '#wpcf7-f5-o1',
    ...extra,
  };
}
