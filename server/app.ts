import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import './app-types.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import { installErrorHandler, installNotFoundHandler } from './plugins/error-handling.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import healthzRoutes from './routes/healthz.ts';
import nonceRoutes from './routes/nonce.ts';
import siteConfigRoutes from './routes/site-config.ts';
import staticSiteRoutes from './routes/static-site.ts';
import { createNonceService, type NonceService } from './security/nonce-service.ts';
import { resolveNonceSecret } from './security/nonce-secret.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (see runMigrations). The app never closes it. */
  db: Kysely<Database>;
  /** Fastify's logger option; defaults to JSON logs at config.logLevel. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Clock in milliseconds, for nonces; tests may freeze it. */
  now?: () => number;
}

/**
 * The whole HTTP application, not yet listening. Routes added to the returned instance
 * before it is ready get the same compression, headers and error handling.
 */
export async function buildApp({ config, db, logger, now = Date.now }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ?? { level: config.logLevel } });

  app.decorate('config', config);
  app.decorate('db', db);
  // The secret may live in the database, which is read once the app starts (after the
  // caller has run the migrations), not while it is being assembled.
  app.decorate('nonces', null as unknown as NonceService);
  app.addHook('onReady', async function loadNonceSecret() {
    const secret = await resolveNonceSecret(db, config.nonceSecret);
    app.nonces = createNonceService(secret, now);
  });

  installErrorHandler(app);
  installNotFoundHandler(app, config.staticRoot);
  // Both attach to routes as they are declared, so they come before any route.
  await app.register(registerSecurityHeaders);
  await registerCompression(app);

  await app.register(healthzRoutes);
  await app.register(siteConfigRoutes);
  await app.register(nonceRoutes);
  await app.register(staticSiteRoutes, { root: config.staticRoot });

  return app;
}
