// A drop-down (or a list box when several options may be chosen); a choice is a change.
import { listOf, textOf } from '../../machines/contact-form-values.ts';
import { describedBy, fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export function SelectField({ field, context, send }: FieldViewProps<'select'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  const value = context.values[field.name];
  return (
    <FormGroup field={field} ids={ids} error={error}>
      <select
        id={ids.control}
        name={field.multiple ? `${field.name}[]` : field.name}
        multiple={field.multiple}
        className={`wpcf7-form-control wpcf7-select${field.required ? ' wpcf7-validates-as-required' : ''}`}
        value={field.multiple ? listOf(value) : textOf(value)}
        autoComplete={field.autocomplete}
        aria-required={field.required ? true : undefined}
        aria-invalid={error ? true : false}
        aria-describedby={describedBy(ids, { hint: Boolean(field.hint), error: Boolean(error) })}
        onChange={(event) =>
          send({
            type: 'field.change',
            name: field.name,
            value: field.multiple ? [...event.target.selectedOptions].map((option) => option.value) : event.target.value,
          })
        }
      >
        {field.includeBlank !== undefined && !field.multiple ? <option value="">{field.includeBlank}</option> : null}
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormGroup>
  );
}
