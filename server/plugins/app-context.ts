import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../content/forms/index.ts';
import { repositoryContent } from '../../content/repository-content.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import type { SidebarContact } from '../../content/structs/sidebar-contact.struct.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { createFormRegistry } from '../forms/form-registry.ts';
import { createNewsletterFormRegistry } from '../newsletter/newsletter-forms.ts';

export interface AppContextOptions {
  config: Config;
  /** An open, migrated database; the app never closes it. */
  db: Kysely<Database>;
  /** Clock in milliseconds. */
  now: () => number;
  forms?: readonly FormDefinition[];
  newsletterForms?: readonly NewsletterForm[];
  sidebarContact?: SidebarContact;
}

/**
 * What every other plugin and route reads: the configuration, the database, the clock and the
 * forms (the repository's content, content/repository-content.ts, unless a test gives its own).
 */
export default fp<AppContextOptions>(
  async function appContext(app, options) {
    app.decorate('config', options.config);
    app.decorate('db', options.db);
    app.decorate('clock', options.now);
    app.decorate('forms', createFormRegistry(options.forms));
    app.decorate('newsletterForms', createNewsletterFormRegistry(options.newsletterForms));
    app.decorate('sidebarContact', options.sidebarContact ?? repositoryContent().sidebarContact);
  },
  { name: 'app-context', fastify: '5.x' },
);
