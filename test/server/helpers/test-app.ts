import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { createStaticFixture, type StaticFixture } from './static-fixture.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  site: StaticFixture;
  cleanup(): Promise<void>;
}

/**
 * The real app on a fresh database and the fixture site, configured from `env` exactly as
 * the entry point would be. Not yet ready: tests may add routes before the first inject.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { now?: () => number; migrate?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ migrate: options.migrate ?? true });
  const site = await createStaticFixture();
  const config = loadConfig({ STATIC_ROOT: site.root, ...env });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return {
    app,
    database,
    site,
    async cleanup() {
      await app.close();
      await database.cleanup();
      await site.cleanup();
    },
  };
}
