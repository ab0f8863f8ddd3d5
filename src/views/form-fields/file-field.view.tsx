// A file upload. A file input cannot be given a value, so it is left uncontrolled; the form's
// reset count is its key, which gives a fresh, empty input after each reset.
import { describedBy, fieldIds } from './field-ids.ts';
import type { FieldViewProps } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export function FileField({ field, context, send }: FieldViewProps<'file'>) {
  const ids = fieldIds(context.unitTag, field.name);
  const error = context.errors[field.name];
  return (
    <FormGroup field={field} ids={ids} error={error}>
      <input
        key={context.resets}
        id={ids.control}
        type="file"
        name={field.name}
        accept={field.accept.join(',')}
        className={`wpcf7-form-control wpcf7-file${field.required ? ' wpcf7-validates-as-required' : ''}`}
        aria-required={field.required ? true : undefined}
        aria-invalid={error ? true : false}
        aria-describedby={describedBy(ids, { hint: Boolean(field.hint), error: Boolean(error) })}
        onChange={(event) => send({ type: 'field.change', name: field.name, files: [...(event.target.files ?? [])] })}
      />
    </FormGroup>
  );
}
