// Where a person who finds a weakness in the website reports it: written by the build into
// /.well-known/security.txt (RFC 9116; README.md, "Public files for machines").
import type { SecurityContact } from './structs/security-contact.struct.ts';

export const securityContact: SecurityContact = {
  contact: ['mailto:security@luminadisplay.co.za'],
  // Expires: this many days after each build (at most 364: RFC 9116 wants less than a year).
  expiresAfterDays: 180,
  preferredLanguages: ['en'],
  // No disclosure policy page exists yet; name its path here (a page of the site) once it does.
};
