// A console browser test's own server (README.md "The console's pages"): a fresh SQLite file and
// upload folder, served on http://localhost:<port> (WebAuthn refuses IP addresses as relying-party
// ids), and an owner invited from the command line, whose link the test opens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runScript, startServerProcess, type ServerProcess } from '../../server/helpers/server-process.ts';
import { freePort } from './free-port.ts';

export interface ConsoleServer {
  baseUrl: string;
  dataDir: string;
  /** The SQLite file the server uses. */
  databaseFile: string;
  /** Invites `email` as owner from the command line; the invitation's link. */
  invite(email: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startConsoleServer(name: string): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `site-e2e-${name}-`));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const databaseFile = join(dataDir, 'site.db');
  const env = {
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${databaseFile}`,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    SITE_URL: baseUrl,
    // info: startServerProcess waits for the "Server listening at" line.
    LOG_LEVEL: 'info',
  };
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(env, port, 60_000);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = server;
  return {
    baseUrl,
    dataDir,
    databaseFile,
    async invite(email) {
      const run = runScript('scripts/admin.ts', env, ['invite', email, '--role', 'owner']);
      const { code } = await run.exit;
      expect(code, run.stderr()).toBe(0);
      return run.stdout().trimEnd().split('\n').at(-1) ?? '';
    },
    async stop() {
      if (running.child.exitCode === null) {
        running.child.kill('SIGTERM');
        await running.exit;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
