// A group of checkboxes (GOV.UK: a fieldset with a legend). Exclusive groups behave like radios
// that can be unticked (the machine unticks the others); a free-text option comes last.
import { hasFreeText, isMultiValued, listOf } from '../../machines/contact-form-values.ts';
import { fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';
import { FreeTextInput } from './free-text-input.view.tsx';

export function CheckboxField({ field, context, send }: FieldViewProps<'checkbox'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const chosen = listOf(context.values[field.name]);
  const name = isMultiValued(field) ? `${field.name}[]` : field.name;
  const last = field.options.length - 1;
  return (
    <FormGroup field={field} ids={ids} error={error} group>
      <span className={`wpcf7-form-control wpcf7-checkbox${field.exclusive ? ' wpcf7-exclusive-checkbox' : ''}`}>
        {field.options.map((option, index) => {
          const id = index === 0 ? ids.control : `${ids.control}-${index}`;
          const freeText = hasFreeText(field) && index === last;
          return (
            <span key={option.value} className={`wpcf7-list-item${index === 0 ? ' first' : ''}${index === last ? ' last' : ''}${freeText ? ' has-free-text' : ''}`}>
              <input
                id={id}
                type="checkbox"
                name={name}
                value={option.value}
                checked={chosen.includes(option.value)}
                aria-invalid={error ? true : false}
                onChange={(event) => send({ type: 'field.change', name: field.name, value: option.value, checked: event.target.checked })}
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
