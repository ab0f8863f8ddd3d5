// A multi-line field, with a character counter when the definition asks for one.
import { textOf } from '../../machines/contact-form-values.ts';
import { CharacterCounter } from './character-counter.view.tsx';
import { describedBy, fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export function TextareaField({ field, context, send }: FieldViewProps<'textarea'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const value = textOf(context.values[field.name]);
  const counterId = `${ids.control}-count`;
  return (
    <FormGroup field={field} ids={ids} error={error}>
      <textarea
        id={ids.control}
        name={field.name}
        rows={6}
        className={`wpcf7-form-control wpcf7-textarea${field.required ? ' wpcf7-validates-as-required' : ''}`}
        value={value}
        placeholder={field.placeholder}
        aria-required={field.required ? true : undefined}
        aria-invalid={error ? true : false}
        aria-describedby={describedBy(ids, { hint: Boolean(field.hint), error: Boolean(error), extra: field.counter ? [counterId] : [] })}
        onChange={(event) => send({ type: 'field.input', name: field.name, value: event.target.value })}
        onBlur={() => send({ type: 'field.blur', name: field.name })}
      />
      {field.counter ? <CharacterCounter field={field} value={value} announced={context.announcedCounts[field.name]} id={counterId} /> : null}
    </FormGroup>
  );
}
