import { array, integer, nonempty, object, optional, pattern, refine, size, string, type Infer } from 'superstruct';
import { SiteHref } from './common.struct.ts';

/** An RFC 9116 `Contact:` value: a mailto: address or an https page (a form, a bug bounty). */
const ContactUri = refine(string(), 'ContactUri', (value) =>
  /^mailto:[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(value) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value)
    ? true
    : `Expected a mailto: address or an https:// address, but received: "${value}"`,
);

/**
 * What `/.well-known/security.txt` says (RFC 9116), written by the build (README.md, "Public
 * files for machines"). Its `Expires` is `expiresAfterDays` after the build, so a rebuilt site
 * never serves a stale file; RFC 9116 asks for less than a year.
 */
export const SecurityContactStruct = object({
  /** Where a weakness is reported, most preferred first (at least one). */
  contact: nonempty(array(ContactUri)),
  expiresAfterDays: size(integer(), 1, 364),
  /** Language tags (RFC 5646) the reports may be written in. */
  preferredLanguages: nonempty(array(pattern(string(), /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/))),
  /** A page of the site stating the disclosure policy, only when one exists. */
  policy: optional(SiteHref),
});

export type SecurityContact = Infer<typeof SecurityContactStruct>;
