import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { FormDefinition } from '../../support/site-content.ts';
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';
import type { SidebarContact } from '../../../content/structs/sidebar-contact.struct.ts';
import { buildApp, type BuildAppOptions } from '../../../server/app.ts';
import type { MediaLibraryRouteOptions } from '../../../server/media-library/media-library.route.ts';
import type { BeforeSendMailHook } from '../../../server/contact-form/process-submission.ts';
import { loadConfig } from '../../../server/config.ts';
import { createStaticFixture, type StaticFixture } from './static-fixture.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  site: StaticFixture;
  /** UPLOAD_DIR of this app: a fresh temporary folder. */
  uploadDir: string;
  cleanup(): Promise<void>;
}

export interface TestAppOptions {
  now?: () => number;
  migrate?: boolean;
  forms?: readonly FormDefinition[];
  beforeSendMail?: readonly BeforeSendMailHook[];
  newsletterForms?: readonly NewsletterForm[];
  sidebarContact?: SidebarContact;
  /** The media library's options (live content, the staff editing rule). */
  mediaLibrary?: MediaLibraryRouteOptions;
  /** Reuse this database instead of a fresh one (restarts); the caller cleans it up. */
  database?: TestDatabase;
  /** Fastify's logger option (default false: no logs). */
  logger?: FastifyServerOptions['logger'];
  /** A logger already made, as the entry point passes its own (server/main.ts). */
  loggerInstance?: FastifyBaseLogger;
  /** The live site's renderer and content store (README.md "Live in seconds"). */
  siteGenerations?: BuildAppOptions['siteGenerations'];
}

/**
 * The real app on a fresh database and the fixture site, configured from `env` exactly as
 * the entry point would be. Not yet ready: tests may add routes before the first inject.
 * Uploads go to a temporary folder; the feedback and newsletter rate limits are off unless `env` sets one
 * (every injected request comes from the same address).
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase({ migrate: options.migrate ?? true }));
  const site = await createStaticFixture();
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'site-test-uploads-'));
  const generationsDir = await mkdtemp(path.join(tmpdir(), 'site-test-generations-'));
  // A fixed address-hash key: the key file beside DATABASE_URL's default would land in the repository's data/.
  const mediaDir = path.join(uploadDir, 'media');
  const config = loadConfig({ STATIC_ROOT: site.root, UPLOAD_DIR: uploadDir, SITE_GENERATIONS_DIR: generationsDir, MEDIA_DIR: mediaDir, ADDRESS_HASH_SECRET: 'test-address-hash-secret-of-32-characters', FEEDBACK_RATE_LIMIT: 'off', NEWSLETTER_RATE_LIMIT: 'off', CLICK_RATE_LIMIT: 'off', ...env });
  const app = await buildApp({
    config,
    db: database.db,
    ...(options.loggerInstance === undefined ? { logger: options.logger ?? false } : { loggerInstance: options.loggerInstance }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.forms === undefined ? {} : { forms: options.forms }),
    ...(options.beforeSendMail === undefined ? {} : { beforeSendMail: options.beforeSendMail }),
    ...(options.newsletterForms === undefined ? {} : { newsletterForms: options.newsletterForms }),
    ...(options.sidebarContact === undefined ? {} : { sidebarContact: options.sidebarContact }),
    ...(options.siteGenerations === undefined ? {} : { siteGenerations: options.siteGenerations }),

    ...(options.mediaLibrary === undefined ? {} : { mediaLibrary: options.mediaLibrary }),
  });
  return {
    app,
    database,
    site,
    uploadDir,
    async cleanup() {
      await app.close();
      if (options.database === undefined) await database.cleanup();
      await site.cleanup();
      await rm(uploadDir, { recursive: true, force: true });
      await rm(generationsDir, { recursive: true, force: true });
    },
  };
}
