import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { NonceService } from './security/nonce-service.ts';

// What buildApp decorates the Fastify instance with, visible to every route plugin.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    /** Ready once the app is (`app.ready()`, `listen` or the first `inject`). */
    nonces: NonceService;
  }
}

export {};
