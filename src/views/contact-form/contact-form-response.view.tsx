// The answer, twice as Contact Form 7 writes it: for screen readers, a polite status with the
// message and the list of invalid fields (linked); for the eye, the response box under the
// button, hidden from screen readers so the message is not read twice.
import type { ErrorSummaryItem } from '../shared/form-fields/index.ts';

export interface ScreenReaderResponseProps {
  message: string;
  /** The invalid fields, in the form's order (`errorItems`). */
  items: readonly ErrorSummaryItem[];
}

export function ScreenReaderResponse({ message, items }: ScreenReaderResponseProps) {
  return (
    <div className="screen-reader-response visually-hidden">
      <p role="status" aria-live="polite" aria-atomic="true">
        {message}
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.fieldId}>
            <a className="no-ttc" href={`#${item.fieldId}`}>{item.message}</a>
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
