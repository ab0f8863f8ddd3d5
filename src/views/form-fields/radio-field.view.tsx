// A group of radio buttons (GOV.UK: a fieldset with a legend); a free-text option comes last.
import { textOf } from '../../machines/contact-form-values.ts';
import { ChoiceList } from './choice-list.view.tsx';
import { fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export function RadioField({ field, context, send }: FieldViewProps<'radio'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const chosen = textOf(context.values[field.name]);
  return (
    <FormGroup field={field} ids={ids} error={error} group>
      <span className="wpcf7-form-control wpcf7-radio">
        <ChoiceList
          field={field}
          context={context}
          send={send}
          ids={ids}
          invalid={Boolean(error)}
          name={field.name}
          isChosen={(value) => chosen === value}
          onToggle={(value) => send({ type: 'field.change', name: field.name, value })}
        />
      </span>
    </FormGroup>
  );
}
