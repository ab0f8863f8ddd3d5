// Contact Form 7's acceptance rule (modules/acceptance.php, and its client's submit gating): every
// acceptance box that is not optional must be ticked, or, when inverted ("Do not contact
// me…"), left unticked. The browser asks it of its values before it lets the form be sent;
// the server of the posted fields before it answers `acceptance_missing`.
import type { FormField } from '../../../content/forms/index.ts';

export type AcceptanceField = Extract<FormField, { type: 'acceptance' }>;

/** The first box that refuses the submission, given which boxes are ticked; none when accepted. */
export function refusedAcceptance(fields: readonly FormField[], isTicked: (field: AcceptanceField) => boolean): AcceptanceField | undefined {
  return fields.find((field): field is AcceptanceField => {
    if (field.type !== 'acceptance' || field.optional === true) return false;
    const ticked = isTicked(field);
    return field.invert === true ? ticked : !ticked;
  });
}
