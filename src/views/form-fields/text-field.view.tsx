// Single-line fields: text, email, tel, url, number, date and time. Typing sends `field.input`;
// leaving the field after typing is its change (validated then, as Contact Form 7 does).
import { hasCounter, textOf } from '../../machines/contact-form-values.ts';
import type { FormField } from '../../../content/forms/index.ts';
import { CharacterCounter } from './character-counter.view.tsx';
import { describedBy, fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

type SingleLineType = 'text' | 'email' | 'tel' | 'url' | 'number' | 'date' | 'time';

/** The right keyboard on phones, without the browser's own validation (the form is novalidate). */
const inputModes: Partial<Record<SingleLineType, 'email' | 'tel' | 'url' | 'decimal'>> = {
  email: 'email',
  tel: 'tel',
  url: 'url',
  number: 'decimal',
};

export function TextField({ field, context, send }: FieldViewProps<SingleLineType>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const counted = hasCounter(field as FormField) ? (field as Extract<FormField, { type: 'text' }>) : undefined;
  const counterId = `${ids.control}-count`;
  const value = textOf(context.values[field.name]);
  const range = field.type === 'number' || field.type === 'date' ? { min: field.min, max: field.max } : {};
  return (
    <FormGroup field={field} ids={ids} error={error}>
      <input
        id={ids.control}
        name={field.name}
        // Numbers are typed as text with a decimal keypad: type=number drops what it cannot parse,
        // so the visitor's "12,5" would be posted as nothing instead of getting an error message.
        type={field.type === 'number' ? 'text' : field.type}
        inputMode={inputModes[field.type]}
        className={`wpcf7-form-control wpcf7-${field.type}${field.required ? ' wpcf7-validates-as-required' : ''} wpcf7-validates-as-${field.type}`}
        value={value}
        autoComplete={field.autocomplete}
        placeholder={'placeholder' in field && typeof field.placeholder === 'string' ? field.placeholder : undefined}
        // No maxlength: pasted text would be cut silently; an error message says what to fix.
        {...range}
        step={field.type === 'number' ? field.step : undefined}
        spellCheck={field.type === 'email' || field.type === 'url' ? false : undefined}
        aria-required={field.required ? true : undefined}
        aria-invalid={error ? true : false}
        aria-describedby={describedBy(ids, { hint: Boolean(field.hint), error: Boolean(error), extra: counted ? [counterId] : [] })}
        onChange={(event) => send({ type: 'field.input', name: field.name, value: event.target.value })}
        onBlur={() => send({ type: 'field.blur', name: field.name })}
      />
      {counted ? <CharacterCounter field={counted} value={value} announced={context.announcedCounts[field.name]} id={counterId} /> : null}
    </FormGroup>
  );
}
