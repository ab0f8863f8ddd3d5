// A group of radio buttons (GOV.UK: a fieldset with a legend); a free-text option comes last.
import { hasFreeText, textOf } from '../../machines/contact-form-values.ts';
import { fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';
import { FreeTextInput } from './free-text-input.view.tsx';

export function RadioField({ field, context, send }: FieldViewProps<'radio'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const chosen = textOf(context.values[field.name]);
  const last = field.options.length - 1;
  return (
    <FormGroup field={field} ids={ids} error={error} group>
      <span className="wpcf7-form-control wpcf7-radio">
        {field.options.map((option, index) => {
          const id = index === 0 ? ids.control : `${ids.control}-${index}`;
          const freeText = hasFreeText(field) && index === last;
          return (
            <span key={option.value} className={`wpcf7-list-item${index === 0 ? ' first' : ''}${index === last ? ' last' : ''}${freeText ? ' has-free-text' : ''}`}>
              <input
                id={id}
                type="radio"
                name={field.name}
                value={option.value}
                checked={chosen === option.value}
                aria-invalid={error ? true : false}
                onChange={() => send({ type: 'field.change', name: field.name, value: option.value })}
              />
              <label htmlFor={id} className="wpcf7-list-item-label">
                {option.label}
              </label>
              {freeText ? <FreeTextInput field={field} context={context} send={send} id={`${id}-text`} label={option.label} /> : null}
            </span>
          );
        })}
      </span>
    </FormGroup>
  );
}
