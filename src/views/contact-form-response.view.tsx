// The answer, twice as Contact Form 7 writes it: for screen readers, a polite status with the
// message and the list of invalid fields (linked); for the eye, the response box under the
// button, hidden from screen readers so the message is not read twice.
import type { FormField } from '../../content/forms/index.ts';
import { fieldIds } from './form-fields/field-ids.ts';

export interface ScreenReaderResponseProps {
  unitTag: string;
  fields: readonly FormField[];
  message: string;
  errors: Readonly<Record<string, string>>;
}

export function ScreenReaderResponse({ unitTag, fields, message, errors }: ScreenReaderResponseProps) {
  const invalid = fields.filter((field) => errors[field.name] !== undefined);
  return (
    <div className="screen-reader-response visually-hidden">
      <p role="status" aria-live="polite" aria-atomic="true">
        {message}
      </p>
      <ul>
        {invalid.map((field) => (
          <li key={field.name}>
            <a href={`#${fieldIds(unitTag, field.name).control}`}>{errors[field.name]}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ResponseOutput({ message }: { message: string }) {
  return (
    <div className="wpcf7-response-output" aria-hidden="true" hidden={message === ''}>
      {message}
    </div>
  );
}
