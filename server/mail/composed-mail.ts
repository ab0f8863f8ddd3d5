import type { OutboxAttachment } from '../db/types.ts';
import { UNSAFE_CHARACTERS } from '../http/unsafe-characters.ts';

/*
 * A mail as a form composes it, before it is written to the outbox, and the two guards every
 * form's mail goes through: nothing a visitor typed can add a header. Values in a subject lose
 * every control character (CR/LF above all), and a Reply-To is used only when it is one plain
 * address. Nodemailer later encodes both as header values, never raw.
 */

export interface ComposedMail {
  /** Empty when MAIL_TO is not configured yet: the worker uses MAIL_TO at delivery. */
  to: string;
  replyTo: string | null;
  subject: string;
  body: string;
  attachments: OutboxAttachment[];
}

/** Longest subject written to the outbox. */
export const SUBJECT_MAX = 200;

// A plain address: no spaces, quotes, angle brackets, commas or control characters.
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** One line of header-safe text. */
export function headerSafe(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();
}

export function replyToAddress(value: string): string | null {
  const address = value.trim();
  return address.length <= 254 && PLAIN_ADDRESS.test(address) ? address : null;
}
