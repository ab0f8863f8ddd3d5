// The form kit: the fields, frames and error summary every form of the site draws with (the
// contact form, the newsletter forms, the sidebar form, and the owner's console after them).
// ARCHITECTURE.md ("Forms share one kit") says how a form uses it; in short:
//
// - A field is given plain props, never a machine: `formId` (the form's unit tag) and `name`
//   make its ids; `label`, `hint`, `error` (the message beside it, absent while fine) and
//   `required` its frame and ARIA; `value` and callbacks (`onChange`, `onBlur`, `onToggle`) its
//   control. The form's view reads its own machine's state and sends its own events from them.
// - Each field is a GOV.UK form group: label (or a fieldset's legend for choices), hint, the
//   error message above the control ("Error: …"), then the control in Contact Form 7's
//   `.wpcf7-form-control-wrap[data-name]`. The control is `aria-invalid` while it has an error
//   and `aria-describedby` its hint, any `describedBy` ids, then its error (`fieldIds`: the error
//   id is CF7's `<formId>-ve-<name>`). Choices carry the hint and error on the fieldset.
// - `XField` draws the whole group; `TextInput`, `TextArea`, `Select`, `Choices` and
//   `FormGroup` are the parts, to compose a group holding more than one control.
// - `ErrorSummary` lists `errorItems(formId, names in the form's order, errors)`: a field id to
//   focus, its label's id to bring into view, and the message.
// - Class names on controls (`wpcf7-form-control wpcf7-text …`) are the caller's `className`.
export { CharacterCounter, counterMessage, type CharacterCount } from './character-counter.view.tsx';
export { CheckboxField, ChoiceField, Choices, type FreeText } from './choice-field.view.tsx';
export { ErrorSummary, errorItems, type ErrorSummaryItem } from './error-summary.view.tsx';
export { controlWiring, describedBy, fieldIds, type FieldIds } from './field-ids.ts';
export type { ControlFrame, FieldExtras, FieldFrame } from './field-props.ts';
export { FileField } from './file-field.view.tsx';
export { FormGroup } from './form-group.view.tsx';
export { HiddenInputs } from './hidden-inputs.view.tsx';
export { Select, SelectField, type Option } from './select-field.view.tsx';
export { TextAreaField, TextArea } from './textarea-field.view.tsx';
export { TextField, TextInput } from './text-field.view.tsx';
