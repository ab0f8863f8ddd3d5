// A multi-line field: `TextArea` the control, `TextAreaField` the whole form group.
import { controlWiring } from './field-ids.ts';
import type { ControlFrame, FieldExtras, FieldFrame } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export interface TextAreaProps extends ControlFrame {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  rows?: number;
  placeholder?: string;
  className?: string;
}

export function TextArea({ formId, name, hint, error, required, postedName, describedBy, value, onChange, onBlur, rows = 6, placeholder, className }: TextAreaProps) {
  return (
    <textarea
      {...controlWiring({ formId, name, hint, error, required, postedName, describedBy })}
      rows={rows}
      className={className}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

export type TextAreaFieldProps = FieldFrame & TextAreaProps & FieldExtras;

export function TextAreaField({ label, kind = 'textarea', before, after, ...control }: TextAreaFieldProps) {
  return (
    <FormGroup formId={control.formId} name={control.name} label={label} hint={control.hint} error={control.error} kind={kind}>
      {before}
      <TextArea {...control} />
      {after}
    </FormGroup>
  );
}
