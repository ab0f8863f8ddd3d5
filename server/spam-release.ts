import type { Kysely } from 'kysely';
import type { FormDefinition } from '../content/forms/index.ts';
import type { SidebarContact } from '../content/structs/sidebar-contact.struct.ts';
import { releaseSpam } from './contact-form/submissions-admin.ts';
import type { Database } from './db/types.ts';
import { sidebarMailOfRow } from './sidebar-form/sidebar-mail.ts';

/*
 * "Not spam" for a message of any form: the one release that `npm run submissions -- --release`
 * and the console's inbox both use (README.md, "The inbox"). It joins the two features whose
 * forms compose mail (the page's contact forms and the sidebar panel), so it lives beside
 * app.ts rather than in either.
 */

export type SpamReleaser = (db: Kysely<Database>, id: number, now: number) => Promise<void>;

export function spamReleaser(options: {
  findForm: (id: number) => FormDefinition | undefined;
  /** Read at each release: the live content's. */
  sidebarContact: () => SidebarContact;
  siteName: () => string;
  mailTo: string | null;
}): SpamReleaser {
  return (db, id, now) =>
    releaseSpam(db, id, {
      findForm: options.findForm,
      mailTo: options.mailTo,
      now,
      otherMail: (row) => sidebarMailOfRow(options.sidebarContact(), options.siteName(), options.mailTo, row),
    });
}
