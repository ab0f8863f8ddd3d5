// A file upload. A file input cannot be given a value, so it is left uncontrolled; a new
// `resetKey` (the form's reset count) gives a fresh, empty input.
import { controlWiring } from './field-ids.ts';
import type { ControlFrame, FieldExtras, FieldFrame } from './field-props.ts';
import { FormGroup } from './form-group.view.tsx';

export interface FileFieldProps extends FieldFrame, ControlFrame, Pick<FieldExtras, 'kind'> {
  /** File types offered by the picker (`.pdf`, `image/png`). */
  accept: readonly string[];
  onChange(files: File[]): void;
  resetKey?: number;
  className?: string;
}

export function FileField({ label, kind = 'file', accept, onChange, resetKey, className, ...frame }: FileFieldProps) {
  return (
    <FormGroup formId={frame.formId} name={frame.name} label={label} hint={frame.hint} error={frame.error} kind={kind}>
      <input
        key={resetKey}
        {...controlWiring(frame)}
        type="file"
        accept={accept.join(',')}
        className={className}
        onChange={(event) => onChange([...(event.target.files ?? [])])}
      />
    </FormGroup>
  );
}
