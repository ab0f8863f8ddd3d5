// The options of a checkbox or radio group, as Contact Form 7 marks them up (`.wpcf7-list-item`,
// first/last, `has-free-text`), each with its own label; the last may carry a free-text input.
import { hasFreeText } from '../../machines/contact-form-values.ts';
import type { FieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FreeTextInput } from './free-text-input.view.tsx';

export interface ChoiceListProps extends FieldViewProps<'checkbox' | 'radio'> {
  ids: FieldIds;
  invalid: boolean;
  /** The posted name (`name[]` for a group that posts several values). */
  name: string;
  isChosen: (value: string) => boolean;
  onToggle: (value: string, checked: boolean) => void;
}

export function ChoiceList({ field, context, send, ids, invalid, name, isChosen, onToggle }: ChoiceListProps) {
  const last = field.options.length - 1;
  return field.options.map((option, index) => {
    // The first control carries the field's id: the error summary links to it.
    const id = index === 0 ? ids.control : `${ids.control}-${index}`;
    const freeText = hasFreeText(field) && index === last;
    return (
      <span key={option.value} className={`wpcf7-list-item${index === 0 ? ' first' : ''}${index === last ? ' last' : ''}${freeText ? ' has-free-text' : ''}`}>
        <input
          id={id}
          type={field.type}
          name={name}
          value={option.value}
          checked={isChosen(option.value)}
          aria-invalid={invalid}
          onChange={(event) => onToggle(option.value, event.target.checked)}
        />
        <label htmlFor={id} className="wpcf7-list-item-label">
          {option.label}
        </label>
        {freeText ? <FreeTextInput field={field} context={context} send={send} id={`${id}-text`} label={option.label} /> : null}
      </span>
    );
  });
}
