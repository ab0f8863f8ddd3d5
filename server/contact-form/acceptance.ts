import type { FormDefinition } from '../../content/forms/index.ts';
import { refusedAcceptance } from '../../src/validation/contact-form/index.ts';
import { messageFor } from './form-messages.ts';
import { postedValues } from './posted-data.ts';

/*
 * CF7's acceptance filter (modules/acceptance.php): every acceptance box that is not optional
 * must be ticked, or, when inverted ("Do not contact me…"), left unticked; otherwise the
 * submission is `acceptance_missing`, answered before any spam check or mail. The consent
 * wording of every ticked box is kept with the submission (POPIA: what the visitor agreed to).
 */

export interface AcceptanceResult {
  accepted: boolean;
  /** The message for acceptance_missing: the first refused box's own wording, else the form's. */
  message: string;
  /** Field name → the wording the visitor ticked. */
  consent: Record<string, string>;
}

export function checkAcceptance(form: FormDefinition, formData: FormData): AcceptanceResult {
  const isTicked = (name: string) => postedValues(formData, name).some((value) => typeof value === 'string' && value.trim() !== '');
  const consent: Record<string, string> = {};
  for (const field of form.fields) {
    if (field.type === 'acceptance' && isTicked(field.name)) consent[field.name] = field.text;
  }
  const refused = refusedAcceptance(form.fields, (field) => isTicked(field.name));
  return {
    accepted: refused === undefined,
    message: messageFor(form, refused, 'accept_terms'),
    consent,
  };
}
