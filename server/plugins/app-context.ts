import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../content/forms/index.ts';
import { repositoryContent } from '../../content/repository-content.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import type { SidebarContact } from '../../content/structs/sidebar-contact.struct.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { SiteContent } from '../../content/content-documents.ts';
import { contentDocuments } from '../../content/content-documents.ts';
import { formsOf } from '../../content/forms/index.ts';
import { assertFormActionSecrets } from '../contact-form/api-actions.ts';
import { createFormRegistry, followedRegistry } from '../forms/form-registry.ts';
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

/** The documents the served pages were rendered from: the repository's until a publish (site-generations/). */
export interface LiveContent {
  current: SiteContent;
}

/**
 * What every other plugin and route reads: the configuration, the database, the clock, the live
 * content and the forms it holds, so the server answers and mails with the words of the pages
 * it serves (README.md, "Live in seconds"), unless a test gives forms of its own.
 */
export default fp<AppContextOptions>(
  async function appContext(app, options) {
    // The live forms' API actions are the repository's (content-editor/content-store.ts): checked once, here.
    assertFormActionSecrets(options.forms ?? formsOf(repositoryContent()), options.config.formActionSecrets, (form) =>
      options.forms ? `form ${form.id} ("${form.title}")` : contentDocuments.contactForm.file,
    );
    app.decorate('config', options.config);
    app.decorate('db', options.db);
    app.decorate('clock', options.now);
    const live: LiveContent = { current: repositoryContent() };
    app.decorate('liveContent', live);
    app.decorate('forms', options.forms ? createFormRegistry(options.forms) : followedRegistry(() => live.current, formsOf));
    app.decorate('newsletterForms', options.newsletterForms ? createNewsletterFormRegistry(options.newsletterForms) : followedRegistry(() => live.current, (content) => content.newsletterForms));
    const { sidebarContact } = options;
    app.decorate('sidebarContact', { getter: () => sidebarContact ?? live.current.sidebarContact });
  },
  { name: 'app-context', fastify: '5.x' },
);
