// A server of its own for a console browser test (README.md "The console"): on
// http://localhost:<port> (WebAuthn refuses IP addresses as relying-party ids), with its own
// SQLite database and upload folder, and the command line's invitation (`npm run admin -- invite`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runScript, startServerProcess } from '../../server/helpers/server-process.ts';
import { freePort } from './free-port.ts';

export interface ConsoleServer {
  baseUrl: string;
  env: Record<string, string>;
  /** Invites a person from the command line; answers the enrolment link it prints last. */
  invite(email: string, role: 'owner' | 'staff'): Promise<string>;
  stop(): Promise<void>;
}

export async function startConsoleServer(name: string, extraEnv: Record<string, string> = {}): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `site-e2e-${name}-`));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = {
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dataDir, 'site.db')}`,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    MEDIA_DIR: join(dataDir, 'media'),
    SITE_GENERATIONS_DIR: join(dataDir, 'site'),
    SITE_URL: baseUrl,
    // info: startServerProcess waits for the "Server listening at" line.
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const server = await startServerProcess(env, port, 60_000);
  return {
    baseUrl,
    env,
    async invite(email, role) {
      const run = runScript('scripts/admin.ts', env, ['invite', email, '--role', role]);
      const { code } = await run.exit;
      expect(code, run.stderr()).toBe(0);
      const link = run.stdout().trimEnd().split('\n').at(-1) ?? '';
      expect(link).toMatch(new RegExp(`^${baseUrl}/admin/#/enrol/[A-Za-z0-9_-]+$`));
      return link;
    },
    async stop() {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exit;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
