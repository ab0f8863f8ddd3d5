// The newsletter's e-mail check, as the Brevo plugin's form does it: a standard address whose
// top-level domain is letters only, 2 to 4 characters by default. A form may allow longer ones
// (South African city domains: .joburg, .durban, .capetown).

/** The plugin's default longest top-level domain. */
export const DEFAULT_EMAIL_TLD_MAX_LENGTH = 4;

/** RFC 5321's longest forward path, and its longest local part. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

const localPart = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const domainLabel = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isNewsletterEmail(value: string, tldMaxLength: number = DEFAULT_EMAIL_TLD_MAX_LENGTH): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > LOCAL_PART_MAX_LENGTH || !localPart.test(local)) return false;
  const tld = labels.pop() ?? '';
  if (labels.length === 0 || !labels.every((label) => domainLabel.test(label))) return false;
  return tld.length >= 2 && tld.length <= tldMaxLength && /^[A-Za-z]+$/.test(tld);
}

/** The stored, compared form of an address: trimmed, lower-case (one subscriber per mailbox). */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
