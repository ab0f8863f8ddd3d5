// Contact Form 7's status vocabulary, listed once: every status an answer may carry, the class
// (and `data-status`) the form takes for it, and the contactForm machine's `editable` state that
// shows it. The machine's guards, the form's classes, the resting statuses the selectors read
// and the server's answers are all derived from this list.

/** Answer statuses by the machine's state that shows each, with the class the form takes. */
export const ANSWER_STATUS = {
  sent: { status: 'mail_sent', className: 'sent' },
  invalid: { status: 'validation_failed', className: 'invalid' },
  unaccepted: { status: 'acceptance_missing', className: 'unaccepted' },
  spam: { status: 'spam', className: 'spam' },
  aborted: { status: 'aborted', className: 'aborted' },
  failed: { status: 'mail_failed', className: 'failed' },
  paymentRequired: { status: 'payment_required', className: 'payment-required' },
} as const;

export type AnswerState = keyof typeof ANSWER_STATUS;
export type AnswerStatus = (typeof ANSWER_STATUS)[AnswerState]['status'];

/** The answers in the order the machine tries them. */
export const ANSWER_STATES = Object.keys(ANSWER_STATUS) as AnswerState[];

/** What the form is busy with, the first that applies shown over the others and any answer. */
export const BUSY_STATUSES = ['submitting', 'resetting', 'validating'] as const;
export type BusyStatus = (typeof BUSY_STATUSES)[number];

/** The form's own statuses, which no answer carries: where it starts and what it is busy with. */
export const FORM_STATUSES = ['init', ...BUSY_STATUSES] as const;

/** Status → the form's class, as the plugin maps them. */
export const STATUS_CLASSES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(FORM_STATUSES.map((status) => [status, status])),
  ...Object.fromEntries(ANSWER_STATES.map((state) => [ANSWER_STATUS[state].status, ANSWER_STATUS[state].className])),
};

/** The classes of a form at rest (not busy): where it starts, and every answer's. */
export const RESTING_CLASSES: readonly string[] = ['init', ...ANSWER_STATES.map((state) => ANSWER_STATUS[state].className)];

const KNOWN_CLASSES = new Set(Object.values(STATUS_CLASSES));

/**
 * The class of any status: a known one as mapped, anything else (a plugin's own status) as
 * `custom-<name>`, with runs of other characters made single hyphens so it is one class name.
 */
export function statusClass(status: string): string {
  const known = STATUS_CLASSES[status] ?? (KNOWN_CLASSES.has(status) ? status : undefined);
  if (known) return known;
  const name = status.replace(/[^0-9a-z]+/gi, ' ').trim().replace(/\s+/g, '-');
  return `custom-${name || 'status'}`;
}
