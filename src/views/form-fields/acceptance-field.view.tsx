// A consent box (Contact Form 7's acceptance): one checkbox in a fieldset whose legend names
// what is agreed to. Unless optional it gates the submit button; inverted, it must stay unticked.
import { fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export function AcceptanceField({ field, context, send }: FieldViewProps<'acceptance'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const classes = ['wpcf7-form-control', 'wpcf7-acceptance', field.optional ? 'optional' : '', field.invert ? 'invert' : ''].filter(Boolean);
  return (
    <FormGroup field={field} ids={ids} error={error} group>
      <span className={classes.join(' ')}>
        <span className="wpcf7-list-item">
          <input
            id={ids.control}
            type="checkbox"
            name={field.name}
            value="1"
            checked={context.values[field.name] === true}
            aria-invalid={error ? true : false}
            onChange={(event) => send({ type: 'field.change', name: field.name, checked: event.target.checked })}
          />
          <label htmlFor={ids.control} className="wpcf7-list-item-label">
            {field.text}
          </label>
        </span>
      </span>
    </FormGroup>
  );
}
