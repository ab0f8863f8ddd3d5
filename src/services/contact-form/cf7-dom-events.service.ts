// Contact Form 7's DOM events (wpcf7statuschanged, wpcf7beforesubmit, wpcf7submit, wpcf7invalid,
// wpcf7mailsent, wpcf7reset…), dispatched on the form and bubbling, with the plugin's `detail`:
// analytics tags and scripts written for the plugin hear this form the same way.
import { ANSWER_STATUS } from '../../validation/contact-form/index.ts';

export interface Cf7FormInfo {
  contactFormId: number;
  pluginVersion: string;
  contactFormLocale: string;
  unitTag: string;
  containerPostId: number;
}

/** What the contactForm machine emits (structurally: services do not import machines). */
export type Cf7Announcement =
  | { type: 'status.changed'; status: string; previousStatus: string }
  | { type: 'submission.started'; inputs: unknown[] }
  | { type: 'submission.answered'; status: string; response: { status: string }; inputs: unknown[] }
  | { type: 'form.reset'; status: string; response: unknown };

const { invalid, unaccepted, spam, aborted, sent, failed } = ANSWER_STATUS;
const ANSWER_EVENT_CLASSES: readonly string[] = [invalid, unaccepted, spam, aborted].map((answer) => answer.className);
const MAIL_EVENT_CLASSES: readonly string[] = [sent, failed].map((answer) => answer.className);

/** The plugin's event for an answer's status class, besides `wpcf7submit` (none for custom ones nor payment_required). */
export function answerEventName(statusClassName: string): string | undefined {
  if (ANSWER_EVENT_CLASSES.includes(statusClassName)) return `wpcf7${statusClassName}`;
  if (MAIL_EVENT_CLASSES.includes(statusClassName)) return `wpcf7mail${statusClassName}`;
  return undefined;
}

/** The events (name and detail) the plugin dispatches for one announcement, in its order. */
export function cf7Events(info: Cf7FormInfo, announcement: Cf7Announcement): Array<{ name: string; detail: Record<string, unknown> }> {
  switch (announcement.type) {
    case 'status.changed':
      return [{ name: 'wpcf7statuschanged', detail: { ...info, status: announcement.status, prevStatus: announcement.previousStatus } }];
    case 'submission.started':
      return [{ name: 'wpcf7beforesubmit', detail: { ...info, inputs: announcement.inputs } }];
    case 'submission.answered': {
      const detail = { ...info, status: announcement.response.status, inputs: announcement.inputs, apiResponse: announcement.response };
      const specific = answerEventName(announcement.status);
      return [...(specific ? [{ name: specific, detail }] : []), { name: 'wpcf7submit', detail }];
    }
    case 'form.reset':
      return [{ name: 'wpcf7reset', detail: { ...info, status: announcement.status, apiResponse: announcement.response } }];
  }
}

export function dispatchCf7Events(target: EventTarget, info: Cf7FormInfo, announcement: Cf7Announcement): void {
  for (const { name, detail } of cf7Events(info, announcement)) {
    target.dispatchEvent(new CustomEvent(name, { bubbles: true, detail }));
  }
}
