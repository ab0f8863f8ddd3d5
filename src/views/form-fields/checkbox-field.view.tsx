// A group of checkboxes (GOV.UK: a fieldset with a legend). Exclusive groups behave like radios
// that can be unticked (the machine unticks the others); a free-text option comes last.
import { isMultiValued, listOf } from '../../machines/contact-form-values.ts';
import { ChoiceList } from './choice-list.view.tsx';
import { fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export function CheckboxField({ field, context, send }: FieldViewProps<'checkbox'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const chosen = listOf(context.values[field.name]);
  return (
    <FormGroup field={field} ids={ids} error={error} group>
      <span className={`wpcf7-form-control wpcf7-checkbox${field.exclusive ? ' wpcf7-exclusive-checkbox' : ''}`}>
        <ChoiceList
          field={field}
          context={context}
          send={send}
          ids={ids}
          invalid={Boolean(error)}
          name={isMultiValued(field) ? `${field.name}[]` : field.name}
          isChosen={(value) => chosen.includes(value)}
          onToggle={(value, checked) => send({ type: 'field.change', name: field.name, value, checked })}
        />
      </span>
    </FormGroup>
  );
}
