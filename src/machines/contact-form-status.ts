// Contact Form 7's statuses: what the API answers and the class the form carries for each.

/** API status → the form's class (and `data-status`), as the plugin maps them. */
export const STATUS_CLASSES: Readonly<Record<string, string>> = {
  init: 'init',
  validation_failed: 'invalid',
  acceptance_missing: 'unaccepted',
  spam: 'spam',
  aborted: 'aborted',
  mail_sent: 'sent',
  mail_failed: 'failed',
  submitting: 'submitting',
  resetting: 'resetting',
  validating: 'validating',
  payment_required: 'payment-required',
};

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
