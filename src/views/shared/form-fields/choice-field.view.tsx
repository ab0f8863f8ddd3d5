// Tick boxes and radio buttons, as Contact Form 7 marks them up (`.wpcf7-list-item`, its own
// label beside each control), in a fieldset whose legend names the question (GOV.UK).
// `ChoiceField` is a group of options (the last may carry a free-text input, "Other: …");
// `CheckboxField` is one box standing alone (a consent). The fieldset carries the hint and the
// error; each control is marked invalid.
import type { ReactNode } from 'react';
import { fieldIds } from './field-ids.ts';
import type { ControlFrame, FieldExtras, FieldFrame } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';
import type { Option } from './select-field.view.tsx';

interface ListItemProps {
  id: string;
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  checked: boolean;
  invalid: boolean;
  label: ReactNode;
  onChange(checked: boolean): void;
  /** Extra classes of the item (first, last, has-free-text). */
  className?: string;
  children?: ReactNode;
}

function ListItem({ id, type, name, value, checked, invalid, label, onChange, className, children }: ListItemProps) {
  return (
    <span className={`wpcf7-list-item${className ? ` ${className}` : ''}`}>
      <input id={id} type={type} name={name} value={value} checked={checked} aria-invalid={invalid} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className="wpcf7-list-item-label">
        {label}
      </label>
      {children}
    </span>
  );
}

/** The text input beside the last option; enabled only while that option is chosen. */
export interface FreeText {
  name: string;
  value: string;
  enabled: boolean;
  onChange(value: string): void;
  onBlur?(): void;
}

export interface ChoicesProps extends Omit<ControlFrame, 'describedBy'> {
  type: 'checkbox' | 'radio';
  options: readonly Option[];
  /** The values ticked (one at most for radios). */
  chosen: readonly string[];
  onToggle(value: string, checked: boolean): void;
  freeText?: FreeText;
}

export function Choices({ formId, name, error, postedName, type, options, chosen, onToggle, freeText }: ChoicesProps) {
  const ids = fieldIds(formId, name);
  const last = options.length - 1;
  return options.map((option, index) => {
    // The first control carries the field's id: the error summary links to it.
    const id = index === 0 ? ids.control : `${ids.control}-${index}`;
    const withText = freeText !== undefined && index === last;
    return (
      <ListItem
        key={option.value}
        id={id}
        type={type}
        name={postedName ?? name}
        value={option.value}
        checked={chosen.includes(option.value)}
        invalid={Boolean(error)}
        label={option.label}
        onChange={(checked) => onToggle(option.value, checked)}
        className={[index === 0 ? 'first' : '', index === last ? 'last' : '', withText ? 'has-free-text' : ''].filter(Boolean).join(' ')}
      >
        {withText ? (
          <input
            id={`${id}-text`}
            type="text"
            name={freeText.name}
            className="wpcf7-free-text"
            aria-label={`${option.label}: details`}
            value={freeText.value}
            disabled={!freeText.enabled}
            onChange={(event) => freeText.onChange(event.target.value)}
            onBlur={freeText.onBlur}
          />
        ) : null}
      </ListItem>
    );
  });
}

export type ChoiceFieldProps = FieldFrame & ChoicesProps & Omit<FieldExtras, 'before' | 'after'> & {
  /** Classes of the span holding the options. */
  className: string;
};

export function ChoiceField({ label, kind, className, ...choices }: ChoiceFieldProps) {
  return (
    <FormGroup formId={choices.formId} name={choices.name} label={label} hint={choices.hint} error={choices.error} kind={kind ?? choices.type} group>
      <span className={className}>
        <Choices {...choices} />
      </span>
    </FormGroup>
  );
}

export interface CheckboxFieldProps extends FieldFrame, Pick<FieldExtras, 'kind'> {
  /** The words beside the box (the legend, `label`, names the question). */
  text: ReactNode;
  /** What the box posts when ticked. */
  value: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** Classes of a span around the box, if it needs one. */
  className?: string;
}

export function CheckboxField({ formId, name, label, hint, error, kind = 'checkbox', text, value, checked, onChange, className }: CheckboxFieldProps) {
  const box = (
    <ListItem id={fieldIds(formId, name).control} type="checkbox" name={name} value={value} checked={checked} invalid={Boolean(error)} label={text} onChange={onChange} />
  );
  return (
    <FormGroup formId={formId} name={name} label={label} hint={hint} error={error} kind={kind} group>
      {className ? <span className={className}>{box}</span> : box}
    </FormGroup>
  );
}
