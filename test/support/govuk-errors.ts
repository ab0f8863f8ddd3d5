// The GOV.UK error patterns, as every form here shows them: the error summary ("There is a
// problem", a link per error in the form's order, each to a field that exists) and the error
// message beside its field (above the control, "Error: …", the control aria-invalid and
// described by the message).
import { expect } from 'vitest';

/** The summary in `container` lists exactly these messages, or is hidden when there are none. */
export function expectErrorSummary(container: HTMLElement, messages: readonly string[]): void {
  const summary = container.querySelector<HTMLElement>('.error-summary')!;
  if (messages.length === 0) {
    expect(summary).not.toBeVisible();
    return;
  }
  expect(summary).toBeVisible();
  expect(summary.querySelector('[role="alert"]')).toHaveTextContent('There is a problem');
  const links = [...summary.querySelectorAll('a')];
  expect(links.map((link) => link.textContent)).toEqual(messages);
  for (const link of links) expect(document.querySelector(link.getAttribute('href')!)).not.toBeNull();
}

/**
 * The form group holding `field`'s control shows `error` (or no error): the message above the
 * first control, with the id `messageId`, the control marked invalid and described by it.
 */
export function expectFieldError(group: Element, error: string | undefined, messageId: string): void {
  const first = group.querySelector<HTMLElement>('input, select, textarea')!;
  if (error === undefined) {
    expect(group).not.toHaveClass('form-group--error');
    expect(first).toHaveAttribute('aria-invalid', 'false');
    return;
  }
  const message = group.querySelector<HTMLElement>('.form-error-message')!;
  expect(message).toHaveTextContent(`Error: ${error}`);
  expect(message.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(first).toHaveAttribute('aria-invalid', 'true');
  const describer = group.querySelector('fieldset') ?? first;
  expect(describer.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
  expect(message.id).toBe(messageId);
}
