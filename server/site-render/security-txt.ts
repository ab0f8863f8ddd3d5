// /.well-known/security.txt (RFC 9116), written by the prerender from content/documents/security-contact.json
// (README.md, "Public files for machines"): where to report a weakness, until when the file
// holds, in which languages, and its own canonical address.
import type { SecurityContact } from '../../content/structs/security-contact.struct.ts';

/** Where the file is served, relative to the site's root. */
export const SECURITY_TXT_FILE = '.well-known/security.txt';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `Expires`: `days` after `now`, as RFC 3339 without fractions. RFC 9116 wants a date in the
 * future and less than a year away; content giving anything else fails the build here.
 */
export function securityTxtExpires(now: Date, days: number): string {
  const expires = new Date(now.getTime() + days * DAY_MS);
  if (!Number.isInteger(days) || days < 1) throw new Error(`security.txt would expire ${days} days after the build, not in the future (content/documents/security-contact.json: expiresAfterDays)`);
  if (expires.getTime() - now.getTime() >= 365 * DAY_MS) throw new Error(`security.txt would expire ${days} days after the build, a year or more away (content/documents/security-contact.json: expiresAfterDays)`);
  return expires.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The file's text; `baseUrl` is the site's canonical origin (content/documents/seo.json), as every canonical link. */
export function securityTxt(contact: SecurityContact, baseUrl: string, now: Date): string {
  const lines = [
    '# How to report a security weakness in this website (RFC 9116).',
    ...contact.contact.map((uri) => `Contact: ${uri}`),
    `Expires: ${securityTxtExpires(now, contact.expiresAfterDays)}`,
    `Preferred-Languages: ${contact.preferredLanguages.join(', ')}`,
    `Canonical: ${baseUrl}/${SECURITY_TXT_FILE}`,
    ...(contact.policy === undefined ? [] : [`Policy: ${baseUrl}${contact.policy}`]),
  ];
  return `${lines.join('\n')}\n`;
}
