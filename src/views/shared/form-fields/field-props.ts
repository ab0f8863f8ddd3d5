// What every field of the kit is given: what names it and what is wrong with it. Nothing here
// knows a machine: a form's view reads its own state and passes plain values and callbacks.
import type { ReactNode } from 'react';

/** A field as its frame (label, hint, error) and its control's ARIA wiring need it. */
export interface FieldFrame {
  /**
   * The form's id (Contact Form 7's unit tag, `sib-form-1`, `ncf-form-1`): with the name it
   * makes the field's ids (`fieldIds`), so two forms on one page never share one.
   */
  formId: string;
  /** The field's name: its ids and the wrap's `data-name` come from it; also the posted name unless `postedName` says otherwise. */
  name: string;
  /** The label (a single control) or the legend (a group). */
  label: ReactNode;
  /** Hint text under the label (GOV.UK), which the control is described by. */
  hint?: ReactNode;
  /** The message beside the field; absent while the field is fine. */
  error?: string;
  /** Marks the control aria-required. */
  required?: boolean;
}

/** A control's props: the frame without the label (the frame draws it). */
export type ControlFrame = Omit<FieldFrame, 'label'> & {
  /** The name the control posts, where it differs from the field's (`name[]` for a group posting several values). */
  postedName?: string;
  /** More ids describing the control, read between the hint and the error (a counter, a picture). */
  describedBy?: readonly string[];
};

/** A field drawn whole: its frame, then around its control what else belongs in the wrap. */
export interface FieldExtras {
  /** The form group's modifier, `form-group--<kind>` (the control's type by default). */
  kind?: string;
  /** Placed in the wrap before the control (a captcha's picture). */
  before?: ReactNode;
  /** Placed in the wrap after the control (a character counter). */
  after?: ReactNode;
}
