import { createStaticFixture } from '../../server/helpers/static-fixture.ts';
import { freePort, startServerProcess, type ServerProcess } from '../../server/helpers/server-process.ts';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import { LOAD_SITE_URL } from './site-load.ts';

/*
 * The real entry point (server/main.ts: a supervisor and two server processes, one of them the
 * jobs process) on the fixture site, for the operations tests: limits off, since every request
 * of the load comes from one address.
 */
export interface OpsServer {
  base: string;
  process: ServerProcess;
  /** SIGTERM, then the fixture goes. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startOpsServer(env: Record<string, string>): Promise<OpsServer> {
  const site = await createStaticFixture();
  const port = await freePort();
  let server: ServerProcess;
  try {
    server = await startServerProcess(
      {
        STATIC_ROOT: site.root,
        UPLOAD_DIR: `${site.root}-uploads`,
        SITE_URL: LOAD_SITE_URL,
        ADDRESS_HASH_SECRET: 'ops-address-hash-secret-of-32-characters',
        NONCE_SECRET: 'ops-nonce-secret-of-at-least-32-characters',
        WEB_CONCURRENCY: '2',
        FEEDBACK_RATE_LIMIT: 'off',
        NEWSLETTER_RATE_LIMIT: 'off',
        CLICK_RATE_LIMIT: 'off',
        NEWSLETTER_DOMAIN_MAIL_LIMIT: 'off',
        ...env,
      },
      port,
      60_000,
    );
  } catch (error) {
    await site.cleanup();
    throw error;
  }
  let stopped = false;
  return {
    base: `http://127.0.0.1:${port}`,
    process: server,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await server.exit;
      await site.cleanup();
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PostgreSQL fault tests' timeouts: short, so a pause of 20 s is many of them. */
export const OPS_STATEMENT_TIMEOUT_MS = 2000;
export const OPS_CONNECT_TIMEOUT_MS = 2000;
/**
 * The longest a request may wait for a database that stopped answering: for a connection, then
 * for a statement (the client gives up a second after DATABASE_STATEMENT_TIMEOUT, db/create-database.ts),
 * and a second for the answer's way.
 */
export const OPS_ANSWER_BOUND_MS = OPS_CONNECT_TIMEOUT_MS + OPS_STATEMENT_TIMEOUT_MS + 2000;

/** A private PostgreSQL cluster and the server on it with the timeouts above; both end in `cleanups`. */
export async function startOnPrivatePostgres(env: Record<string, string>, cleanups: Array<() => Promise<void>>): Promise<{ cluster: PostgresCluster; server: OpsServer }> {
  const cluster = await startPostgresCluster();
  cleanups.push(() => cluster.stop());
  const server = await startOpsServer({
    DATABASE_URL: cluster.url,
    DATABASE_STATEMENT_TIMEOUT: `${OPS_STATEMENT_TIMEOUT_MS}ms`,
    DATABASE_CONNECT_TIMEOUT: `${OPS_CONNECT_TIMEOUT_MS}ms`,
    ...env,
  });
  cleanups.push(() => server.stop());
  return { cluster, server };
}
