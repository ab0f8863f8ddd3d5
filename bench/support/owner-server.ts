// A server process of its own with a signed-in owner, for the console benches (README.md, "Measured"):
// a test database (SQLite, or PostgreSQL when TEST_DATABASE_URL names one), private folders,
// one process, and the owner's session cookie for requests from the site's origin.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess } from '../../test/server/helpers/server-process.ts';

export interface OwnerServer {
  origin: string;
  /** The owner's session cookie, `name=value`. */
  cookie: string;
  server: Awaited<ReturnType<typeof startServerProcess>>;
  stop(): Promise<void>;
}

export async function startOwnerServer(name: string, staticRoot: string): Promise<OwnerServer> {
  // Imported here: the helper picks SQLite or PostgreSQL from TEST_DATABASE_URL when first loaded.
  const { createSession, sessionCookie } = await import('../../server/console/console-sessions.ts');
  const { createTestDatabase } = await import('../../test/server/helpers/test-db.ts');
  const database = await createTestDatabase();
  const folder = await mkdtemp(path.join(tmpdir(), `bench-${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const person = await database.db
    .insertInto('console_people')
    .values({ email: 'owner@example.co.za', role: 'owner', user_handle: randomBytes(16).toString('base64url'), created_at: new Date().toISOString(), revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await createSession(database.db, Number(person.id), { now: Date.now(), userAgent: 'bench' });
  const server = await startServerProcess(
    {
      DATABASE_URL: database.url,
      STATIC_ROOT: staticRoot,
      UPLOAD_DIR: path.join(folder, 'uploads'),
      MEDIA_DIR: path.join(folder, 'media'),
      SITE_GENERATIONS_DIR: path.join(folder, 'site'),
      ADDRESS_HASH_KEY_FILE: path.join(folder, 'address-hash.key'),
      SITE_URL: origin,
      // One process: what is measured is the process that does the work.
      WEB_CONCURRENCY: '1',
    },
    port,
    60_000,
  );
  return {
    origin,
    cookie: `${sessionCookie(origin).name}=${session.id}`,
    server,
    async stop() {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exit;
      }
      await database.cleanup();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
