// A single-line field: text, email, tel, url, date, time or a date and time (datetime-local). `TextInput` is the control alone (to
// compose, as the newsletter's SMS number beside its prefix picker); `TextField` is the whole
// form group. The form is novalidate: the browser's own checks never run, the form's do.
import type { InputHTMLAttributes, KeyboardEvent, Ref } from 'react';
import { controlWiring } from './field-ids.ts';
import type { ControlFrame, FieldExtras, FieldFrame } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

type Native = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'autoComplete' | 'autoCapitalize' | 'placeholder' | 'list' | 'min' | 'max' | 'step' | 'maxLength' | 'size' | 'className' | 'spellCheck'
>;

export interface TextInputProps extends ControlFrame, Native {
  /** A number is typed as `text` with a decimal keypad: type=number drops what it cannot parse. */
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'time' | 'datetime-local';
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
  controlRef?: Ref<HTMLInputElement>;
}

export function TextInput({ formId, name, hint, error, required, postedName, describedBy, type = 'text', value, onChange, onBlur, onKeyDown, controlRef, spellCheck, ...native }: TextInputProps) {
  return (
    <input
      ref={controlRef}
      {...controlWiring({ formId, name, hint, error, required, postedName, describedBy })}
      type={type}
      value={value}
      {...native}
      // Addresses are not words: no red underline under them.
      spellCheck={spellCheck ?? (type === 'email' || type === 'url' ? false : undefined)}
      onKeyDown={onKeyDown}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

export type TextFieldProps = FieldFrame & TextInputProps & FieldExtras;

export function TextField({ label, kind, before, after, ...control }: TextFieldProps) {
  return (
    <FormGroup formId={control.formId} name={control.name} label={label} hint={control.hint} error={control.error} kind={kind ?? control.type ?? 'text'}>
      {before}
      <TextInput {...control} />
      {after}
    </FormGroup>
  );
}
