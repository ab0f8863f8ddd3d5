import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { FormDefinition } from '../../support/site-content.ts';
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';
import type { SidebarContact } from '../../../content/structs/sidebar-contact.struct.ts';
import { buildApp } from '../../../server/app.ts';
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
  /** Reuse this database instead of a fresh one (restarts); the caller cleans it up. */
  database?: TestDatabase;
  /** Fastify's logger option (default false: no logs). */
  logger?: FastifyServerOptions['logger'];
  /** A logger already made, as the entry point passes its own (server/main.ts). */
  loggerInstance?: FastifyBaseLogger;
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
  // A fixed address-hash key: the key file beside DATABASE_URL's default would land in the repository's data/.
  const config = loadConfig({ STATIC_ROOT: site.root, UPLOAD_DIR: uploadDir, ADDRESS_HASH_SECRET: 'test-address-hash-secret-of-32-characters', FEEDBACK_RATE_LIMIT: 'off', NEWSLETTER_RATE_LIMIT: 'off', CLICK_RATE_LIMIT: 'off', ...env });
  const app = await buildApp({
    config,
    db: database.db,
    ...(options.loggerInstance === undefined ? { logger: options.logger ?? false } : { loggerInstance: options.loggerInstance }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.forms === undefined ? {} : { forms: options.forms }),
    ...(options.beforeSendMail === undefined ? {} : { beforeSendMail: options.beforeSendMail }),
    ...(options.newsletterForms === undefined ? {} : { newsletterForms: options.newsletterForms }),
    ...(options.sidebarContact === undefined ? {} : { sidebarContact: options.sidebarContact }),
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
    },
  };
}
