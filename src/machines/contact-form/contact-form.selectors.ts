// What the contact form's views read from its state: Contact Form 7's status class (from the
// `status:*` tags, so the state is the only place a status lives) and the errors its summary
// lists.
import type { SnapshotFrom } from 'xstate';
import { BUSY_STATUSES, RESTING_CLASSES, statusClass } from '../../validation/contact-form/index.ts';
import { statusTag } from './contact-form-status.ts';
import type { contactFormMachine } from './contact-form.machine.ts';
import type { ContactFormContext } from './contact-form.types.ts';

type ContactFormSnapshot = Pick<SnapshotFrom<typeof contactFormMachine>, 'hasTag' | 'context'>;

/**
 * The status class the form carries: a busy form (submitting, resetting) shows that; otherwise
 * a running validation shows over the last answer's status.
 */
export function formStatusOf(snapshot: ContactFormSnapshot): string {
  const busy = BUSY_STATUSES.find((status) => snapshot.hasTag(statusTag(status)));
  if (busy) return busy;
  if (snapshot.hasTag(statusTag('custom'))) return statusClass(snapshot.context.response?.status ?? 'custom');
  return RESTING_CLASSES.find((className) => snapshot.hasTag(statusTag(className))) ?? 'init';
}

/** The errors the GOV.UK summary lists: after an answer with invalid fields, those that remain. */
export function summaryErrorsOf(context: Pick<ContactFormContext, 'errors' | 'response'>): Readonly<Record<string, string>> {
  return (context.response?.invalid_fields.length ?? 0) > 0 ? context.errors : {};
}
