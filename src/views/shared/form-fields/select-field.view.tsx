// A drop-down, or a list box when several options may be chosen: `Select` the control,
// `SelectField` the whole form group. A choice is a change (there is no blur to wait for).
import { controlWiring } from './field-ids.ts';
import type { ControlFrame, FieldExtras, FieldFrame } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export interface Option {
  value: string;
  label: string;
}

export interface SelectProps extends ControlFrame {
  options: readonly Option[];
  /** A list box posting every chosen value (give it `postedName` `name[]`). */
  multiple?: boolean;
  /** The text of an empty first option ("Choose a service"); not in a list box. */
  includeBlank?: string;
  /** The chosen value, or the chosen values of a list box. */
  value: string | readonly string[];
  onChange(value: string | string[]): void;
  autoComplete?: string;
  className?: string;
}

export function Select({ formId, name, hint, error, required, postedName, describedBy, options, multiple, includeBlank, value, onChange, autoComplete, className }: SelectProps) {
  return (
    <select
      {...controlWiring({ formId, name, hint, error, required, postedName, describedBy })}
      multiple={multiple}
      className={className}
      value={value}
      autoComplete={autoComplete}
      onChange={(event) => onChange(multiple ? [...event.target.selectedOptions].map((option) => option.value) : event.target.value)}
    >
      {includeBlank !== undefined && !multiple ? <option value="">{includeBlank}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export type SelectFieldProps = FieldFrame & SelectProps & FieldExtras;

export function SelectField({ label, kind = 'select', before, after, ...control }: SelectFieldProps) {
  return (
    <FormGroup formId={control.formId} name={control.name} label={label} hint={control.hint} error={control.error} kind={kind}>
      {before}
      <Select {...control} />
      {after}
    </FormGroup>
  );
}
