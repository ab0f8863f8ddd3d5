// The GOV.UK error summary, shared by every form: "There is a problem", then a link per invalid
// field, in the order of the form. It is an alert and takes the focus after a refused submit (the
// form passes `summaryRef` to its focus hook); a link moves the focus to its field and brings the
// field's label into view.
import type { MouseEvent, Ref } from 'react';
import { fieldIds } from './field-ids.ts';

/** One invalid field, as the summary (and any other list of errors) links to it. */
export interface ErrorSummaryItem {
  /** The control the link focuses (a group's first control). */
  fieldId: string;
  /** Its label or legend, brought into view with it. */
  labelId: string;
  message: string;
}

/** The items for the fields named, in that order (the form's), that have an error. */
export function errorItems(formId: string, names: readonly string[], errors: Readonly<Record<string, string | undefined>>): ErrorSummaryItem[] {
  return names.flatMap((name) => {
    const message = errors[name];
    if (message === undefined) return [];
    const ids = fieldIds(formId, name);
    return [{ fieldId: ids.control, labelId: ids.label, message }];
  });
}

export interface ErrorSummaryProps {
  formId: string;
  items: readonly ErrorSummaryItem[];
  summaryRef: Ref<HTMLDivElement>;
  /** One level below the form's own heading: 4 under a section's h3 form title (the default), 3 under an h2, 2 under a page's h1. */
  headingLevel?: 2 | 3 | 4;
}

/** Focus the field itself (a plain #link would only scroll), with its label or legend in view. */
function focusField(event: MouseEvent<HTMLAnchorElement>, item: ErrorSummaryItem) {
  const control = document.getElementById(item.fieldId);
  if (!control) return;
  event.preventDefault();
  document.getElementById(item.labelId)?.scrollIntoView?.();
  control.focus({ preventScroll: true });
}

export function ErrorSummary({ formId, items, summaryRef, headingLevel = 4 }: ErrorSummaryProps) {
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'h4';
  const titleId = `${formId}-error-summary-title`;
  return (
    <div ref={summaryRef} className="error-summary" tabIndex={-1} aria-labelledby={titleId} hidden={items.length === 0}>
      <div role="alert">
        <Heading id={titleId} className="error-summary__title">
          There is a problem
        </Heading>
        <ul className="error-summary__list">
          {items.map((item) => (
            <li key={item.fieldId}>
              {/* no-ttc: Track The Click's opt-out class; a link to a field is not a link of the page the build lists (README.md, "Abuse paths and the limits that stop them"). */}
              <a className="no-ttc" href={`#${item.fieldId}`} onClick={(event) => focusField(event, item)}>
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
