// A field's frame, after the GOV.UK form group: the label (or legend of a group), the hint, the
// error message ABOVE the control, then the control inside Contact Form 7's wrap, which its CSS
// and scripts look for (`.wpcf7-form-control-wrap[data-name]`); every form here shares that CSS.
import type { ReactNode } from 'react';
import { describedBy, fieldIds } from './field-ids.ts';
import type { FieldFrame } from './field-props.ts';

export interface FormGroupProps extends FieldFrame {
  /** The group's modifier class, `form-group--<kind>`. */
  kind: string;
  /** Choices are a fieldset with a legend (which carries the hint and error); single controls have a label. */
  group?: boolean;
  children: ReactNode;
}

export function FormGroup({ formId, name, label, hint, error, kind, group = false, children }: FormGroupProps) {
  const ids = fieldIds(formId, name);
  const className = `form-group form-group--${kind}${error ? ' form-group--error' : ''}`;
  const details = (
    <>
      {hint ? (
        <div id={ids.hint} className="form-hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} className="form-error-message">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      ) : null}
      <span className="wpcf7-form-control-wrap" data-name={name}>
        {children}
      </span>
    </>
  );
  if (group) {
    return (
      <div className={className}>
        <fieldset className="form-fieldset" aria-describedby={describedBy(ids, { hint: Boolean(hint), error: Boolean(error) })}>
          <legend id={ids.label} className="form-label">
            {label}
          </legend>
          {details}
        </fieldset>
      </div>
    );
  }
  return (
    <div className={className}>
      <label id={ids.label} className="form-label" htmlFor={ids.control}>
        {label}
      </label>
      {details}
    </div>
  );
}
