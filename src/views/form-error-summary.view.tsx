// The GOV.UK error summary, shared by every form (contact form, newsletter): "There is a
// problem", then a link per invalid field, in the order of the form. It is an alert and takes the
// focus after an answer with invalid fields; a link moves the focus to its field and brings the
// field's label into view.
import type { MouseEvent, Ref } from 'react';
import type { FormField } from '../../content/forms/index.ts';
import { fieldIds } from './form-fields/field-ids.ts';

export interface FormErrorSummaryProps {
  unitTag: string;
  fields: readonly FormField[];
  errors: Readonly<Record<string, string>>;
  summaryRef: Ref<HTMLDivElement>;
  /** One level below the form's own heading: 4 under a section's h3 form title (the default), 3 under the footer's h2. */
  headingLevel?: 3 | 4;
}

/** Focus the field itself (a plain #link would only scroll), with its label or legend in view. */
function focusField(event: MouseEvent<HTMLAnchorElement>, controlId: string, labelId: string) {
  const control = document.getElementById(controlId);
  if (!control) return;
  event.preventDefault();
  document.getElementById(labelId)?.scrollIntoView?.();
  control.focus({ preventScroll: true });
}

export function FormErrorSummary({ unitTag, fields, errors, summaryRef, headingLevel = 4 }: FormErrorSummaryProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const invalid = fields.filter((field) => errors[field.name] !== undefined);
  const titleId = `${unitTag}-error-summary-title`;
  return (
    <div ref={summaryRef} className="error-summary" tabIndex={-1} aria-labelledby={titleId} hidden={invalid.length === 0}>
      <div role="alert">
        <Heading id={titleId} className="error-summary__title">
          There is a problem
        </Heading>
        <ul className="error-summary__list">
          {invalid.map((field) => {
            const ids = fieldIds(unitTag, field.name);
            return (
              <li key={field.name}>
                <a href={`#${ids.control}`} onClick={(event) => focusField(event, ids.control, ids.label)}>
                  {errors[field.name]}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
