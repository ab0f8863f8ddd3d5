/*
 * What the logs never hold (README, "Privacy"): an e-mail address. Mail servers and Brevo put the
 * recipient's address in their refusals ("550 5.1.1 <someone@example.org>: no such user"); the
 * refusal is kept with its mail in the outbox, and logged with the address replaced.
 */
const EMAIL_ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g;

export function withoutEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[address]');
}
