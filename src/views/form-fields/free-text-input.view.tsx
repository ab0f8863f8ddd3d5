// The text input beside the last option of a checkbox or radio group ("Other: …"). Contact Form 7
// posts it as `_wpcf7_free_text_<name>` and enables it only while its option is chosen.
import { freeTextName, isFreeTextEnabled, textOf } from '../../machines/contact-form-values.ts';
import type { FieldViewProps } from './field-props.ts';

export function FreeTextInput({ field, context, send, id, label }: FieldViewProps<'checkbox' | 'radio'> & { id: string; label: string }) {
  const name = freeTextName(field);
  const enabled = isFreeTextEnabled(field, context.values);
  return (
    <input
      id={id}
      type="text"
      name={name}
      className="wpcf7-free-text"
      aria-label={`${label}: details`}
      value={textOf(context.values[name])}
      disabled={!enabled}
      onChange={(event) => send({ type: 'field.input', name, value: event.target.value })}
      onBlur={() => send({ type: 'field.blur', name })}
    />
  );
}
