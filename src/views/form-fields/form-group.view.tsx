// A field's frame, after the GOV.UK form group: the label (or legend of a group), the hint, the
// error message ABOVE the control, then the control inside Contact Form 7's wrap, which its CSS
// and scripts look for (`.wpcf7-form-control-wrap[data-name]`).
import type { ReactNode } from 'react';
import type { FormField } from '../../../content/forms/index.ts';
import type { FieldIds } from './field-ids.ts';

export interface FormGroupProps {
  field: FormField;
  ids: FieldIds;
  error: string | undefined;
  /** Choices are a fieldset with a legend; single controls have a label. */
  group?: boolean;
  children: ReactNode;
}

export function FormGroup({ field, ids, error, group = false, children }: FormGroupProps) {
  const className = `form-group form-group--${field.type}${error ? ' form-group--error' : ''}`;
  const details = (
    <>
      {field.hint ? (
        <div id={ids.hint} className="form-hint">
          {field.hint}
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} className="form-error-message">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      ) : null}
      <span className="wpcf7-form-control-wrap" data-name={field.name}>
        {children}
      </span>
    </>
  );
  if (group) {
    return (
      <div className={className}>
        <fieldset className="form-fieldset" aria-describedby={[field.hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined}>
          <legend id={ids.label} className="form-label">
            {field.label}
          </legend>
          {details}
        </fieldset>
      </div>
    );
  }
  return (
    <div className={className}>
      <label id={ids.label} className="form-label" htmlFor={ids.control}>
        {field.label}
      </label>
      {details}
    </div>
  );
}
