import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';

/** The company's inbox in the e2e run; the site's outbox delivers to the local SMTP server. */
export const E2E_MAIL_TO = 'enquiries@lumina.test';

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let mailbox: Mailbox | undefined;

/**
 * Builds the site (unless E2E_SKIP_BUILD=1 and a build exists), starts a local SMTP server
 * (the mailbox) and serves the site on a free port, delivering its mail to that mailbox.
 */
export async function setup(project: TestProject) {
  if (!(process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/client/index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`npm run build failed with exit code ${build.status}`);
  }
  mailbox = await startMailbox();
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-'));
  server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'site.db')}`,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      SMTP_URL: mailbox.smtpUrl,
      SITE_URL: `http://127.0.0.1:${port}`,
      MAIL_TO: E2E_MAIL_TO,
      LOG_LEVEL: 'warn',
      // Every browser test posts from 127.0.0.1: room for the whole run's messages and sign-ups
      // in one window (the limits themselves are tested by the server tests).
      FEEDBACK_RATE_LIMIT: '200/10m',
      NEWSLETTER_RATE_LIMIT: '200/10m',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailbox.url);
  project.provide('mailTo', E2E_MAIL_TO);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await mailbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${baseUrl} did not become healthy within 30 s`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET it for the mail the local SMTP server received (MailboxMessage[]). */
    mailboxUrl: string;
    /** The MAIL_TO the server was started with. */
    mailTo: string;
  }
}
