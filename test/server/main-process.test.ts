import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index.ts';
import { freePort, runScript as run, type ServerProcess as Run } from './helpers/server-process.ts';
import { createStaticFixture, fixtureFiles, type StaticFixture } from './helpers/static-fixture.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';

/*
 * The entry point as operators run it: a real process, real signals, real sockets.
 * Generous waits guard against hangs only; nothing asserts on timing.
 */

const PROCESS_TIMEOUT_MS = 30_000;

async function waitFor(condition: () => boolean, what: string, exit: Run['exit']): Promise<void> {
  let exited = false;
  void exit.then(() => (exited = true));
  const deadline = Date.now() + PROCESS_TIMEOUT_MS;
  while (!condition()) {
    if (exited) throw new Error(`process exited before ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('server/main.ts', () => {
  it('stops on a bad PORT with one readable line and exit code 1', async () => {
    const server = run('server/main.ts', { PORT: 'abc' });
    running.push(server.child);
    const { code } = await server.exit;
    expect(code).toBe(1);
    expect(server.stderr()).toBe('Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")\n');
    expect(server.stdout()).toBe('');
  }, PROCESS_TIMEOUT_MS);

  it(`migrates ${testDialect}, serves, and on SIGTERM drains, closes the database and exits 0`, async () => {
    const database: TestDatabase = await createTestDatabase({ migrate: false });
    const site: StaticFixture = await createStaticFixture();
    cleanups.push(() => database.cleanup(), () => site.cleanup());
    // The child migrates; this process only needs the name of the database.
    await database.db.destroy();
    const port = await freePort();

    // One process: the cluster's own start and stop are cluster.test.ts's.
    const server = run('server/main.ts', {
      PORT: String(port),
      WEB_CONCURRENCY: '1',
      DATABASE_URL: database.url,
      STATIC_ROOT: site.root,
    });
    running.push(server.child);
    await waitFor(() => server.stdout().includes('Server listening at'), 'listening', server.exit);

    const logLines = server.stdout().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logLines.find((line) => line.msg === 'database ready')).toMatchObject({
      database: testDialect,
      // Every migration, on this fresh database.
      applied: Object.keys(migrations),
    });

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', mail: 'notConfigured', backup: 'none', disk: 'ok', site: 'live' });
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(await page.text()).toBe(fixtureFiles['index.html']);

    server.child.kill('SIGTERM');
    const { code } = await server.exit;

    expect(code).toBe(0);
    const messages = server.stdout().trim().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('shutting down: draining requests');
    expect(messages.at(-1)).toBe('stopped');
    expect(server.stderr()).toBe('');
  }, PROCESS_TIMEOUT_MS);
});

/** A client that sends a request's headers and part of its body, then nothing more. */
async function stalledUpload(port: number): Promise<{ socket: Socket; closed: Promise<{ at: number; answer: string }> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = once(socket, 'close').then(() => ({ at: Date.now(), answer }));
  socket.write(
    'POST /wp-json/contact-form-7/v1/contact-forms/5/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000\r\n\r\n--x\r\nContent-Disposition: form-data; name="your-name"\r\n\r\nThan',
  );
  return { socket, closed };
}

describe('slow and stalled clients', () => {
  async function startServer(env: Record<string, string> = {}) {
    const database: TestDatabase = await createTestDatabase({ migrate: false });
    const site: StaticFixture = await createStaticFixture();
    cleanups.push(() => database.cleanup(), () => site.cleanup());
    await database.db.destroy();
    const port = await freePort();
    const server = run('server/main.ts', { PORT: String(port), DATABASE_URL: database.url, STATIC_ROOT: site.root, ...env });
    running.push(server.child);
    await waitFor(() => server.stdout().includes('Server listening at'), 'listening', server.exit);
    return { server, port };
  }

  it('answers 408 and closes a request whose body stalls, within REQUEST_TIMEOUT', async () => {
    const { port } = await startServer({ REQUEST_TIMEOUT: '2s' });
    const started = Date.now();
    const { closed } = await stalledUpload(port);
    const { at, answer } = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // Two seconds, checked every second: well before the default's 30 s bound.
    expect(at - started).toBeLessThan(10_000);
  }, PROCESS_TIMEOUT_MS);

  it('on SIGTERM with a stalled upload open, closes it after the grace period and exits 0 within 10 s', async () => {
    // debug: the request's arrival is logged (method and path only) at that level.
    const { server, port } = await startServer({ LOG_LEVEL: 'debug' });
    const { closed } = await stalledUpload(port);
    // The server has the request (its headers) and waits for the body.
    await waitFor(() => server.stdout().includes('incoming request'), 'the stalled request to arrive', server.exit);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code } = await server.exit;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await closed;
    const messages = server.stdout().trim().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('closing connections still open after the grace period');
    expect(messages.at(-1)).toBe('stopped');
  }, PROCESS_TIMEOUT_MS);
});

describe('scripts/start.ts', () => {
  it('serves a STATIC_ROOT elsewhere without building, then runs the server (here: stopping on bad config)', async () => {
    const start = run('scripts/start.ts', { STATIC_ROOT: '/nonexistent/site', PORT: '99999' });
    running.push(start.child);
    const { code } = await start.exit;
    expect(code).toBe(1);
    expect(start.stderr()).toBe(
      'start: STATIC_ROOT points elsewhere, serving it as it is (no build)\n' +
        'Invalid configuration: PORT must be an integer from 1 to 65535 (got "99999")\n',
    );
  }, PROCESS_TIMEOUT_MS);
});
