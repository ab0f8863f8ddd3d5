import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listUndelivered } from '../../server/mail/list-undelivered.ts';
import { createStaticFixture } from './helpers/static-fixture.ts';
import { createTestDatabase, testDialect } from './helpers/test-db.ts';
import { DEFAULT_USER_AGENT, multipartBody } from './helpers/multipart.ts';
import { freePort, runScript, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { validContactFields } from './helpers/test-forms.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The real entry point as a cluster (WEB_CONCURRENCY=2): server processes under a supervisor,
 * each request on a connection of its own so Node's cluster hands them to both processes in
 * turn.
 */

const TIMEOUT_MS = 60_000;
const running: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    for (const pid of await childrenOf(server.child.pid ?? 0)) killQuietly(pid);
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** The server processes under a supervisor, as the kernel lists them. */
async function childrenOf(pid: number): Promise<number[]> {
  const listed = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return listed.split(' ').filter(Boolean).map(Number);
}

/** Running, not exited (an exited process whose parent is gone may linger as a zombie). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function logLines(server: ServerProcess): Array<{ pid: number; msg: string } & Record<string, unknown>> {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { pid: number; msg: string });
}

async function site(extra: Record<string, string> = {}): Promise<{ env: Record<string, string>; database: Awaited<ReturnType<typeof createTestDatabase>> }> {
  const database = await createTestDatabase({ migrate: false });
  const fixture = await createStaticFixture();
  cleanups.push(() => database.cleanup(), () => fixture.cleanup());
  return {
    database,
    env: { DATABASE_URL: database.url, STATIC_ROOT: fixture.root, UPLOAD_DIR: `${fixture.root}-uploads`, MAIL_TO: 'sales@example.co.za', WEB_CONCURRENCY: '2', ...extra },
  };
}

async function startCluster(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const server = runScript('server/main.ts', { ...env, PORT: String(port) });
  running.push(server);
  await waitFor(
    'both server processes listening',
    () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.stdout()} ${server.stderr()}`);
      return server.stdout().includes('all server processes listening');
    },
    TIMEOUT_MS,
  );
  return server;
}

/**
 * One request, on a connection of its own unless an agent keeps one open: the cluster picks a
 * process for each new connection.
 */
function send(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  body?: { payload: Buffer; contentType: string },
  agent: Agent | false = false,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { 'user-agent': DEFAULT_USER_AGENT, ...(body === undefined ? {} : { 'content-type': body.contentType, 'content-length': body.payload.length }) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body?.payload);
  });
}

const FEEDBACK = '/wp-json/contact-form-7/v1/contact-forms/5/feedback';

describe(`the server as a cluster on ${testDialect}`, () => {
  it('runs one process per WEB_CONCURRENCY, replaces one that dies, and stops as a group on SIGTERM', async () => {
    const { env } = await site();
    const port = await freePort();
    const server = await startCluster(env, port);
    const supervisor = server.child.pid ?? 0;
    const first = await childrenOf(supervisor);
    expect(first).toHaveLength(2);

    const killed = first[1] ?? 0;
    process.kill(killed, 'SIGKILL');
    const replaced = await waitFor('a new server process', async () => {
      const now = await childrenOf(supervisor);
      return now.length === 2 && !now.includes(killed) ? now : undefined;
    }, TIMEOUT_MS);
    await waitFor('the new process listening', () => logLines(server).filter((line) => line.msg.startsWith('Server listening at')).length === 3, TIMEOUT_MS);
    expect(logLines(server).find((line) => line.msg === 'a server process died: starting another')).toMatchObject({ workerPid: killed, signal: 'SIGKILL', delayMs: 0 });
    for (let index = 0; index < 4; index += 1) expect((await send(port, 'GET', '/healthz')).status).toBe(200);

    server.child.kill('SIGTERM');
    expect((await server.exit).code).toBe(0);
    for (const pid of replaced) expect(isAlive(pid)).toBe(false);
    const stopped = logLines(server).filter((line) => line.msg === 'stopped');
    expect(stopped.map((line) => line.pid).sort()).toEqual([supervisor, ...replaced].sort());
  }, TIMEOUT_MS * 2);

  it('leaves no server process behind when its supervisor is killed', async () => {
    const { env } = await site();
    const server = await startCluster(env, await freePort());
    const workers = await childrenOf(server.child.pid ?? 0);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGKILL');
    await waitFor('the server processes gone', () => workers.every((pid) => !isAlive(pid)), TIMEOUT_MS);
  }, TIMEOUT_MS * 2);

  it('delivers the outbox from exactly one process, woken at once for mail the other process queued', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const { env, database } = await site({ SMTP_URL: smtp.url, SITE_URL: 'http://localhost:8080' });
    const port = await freePort();
    const server = await startCluster(env, port);
    const jobsLines = () => logLines(server).filter((line) => line.msg === 'this process delivers the outbox and runs the scheduled jobs');
    await waitFor('the jobs process started', () => jobsLines().length > 0, TIMEOUT_MS);

    // Two keep-alive connections, opened one after the other: the cluster gives them to
    // different processes, so one of them talks to the process without the outbox's worker.
    const connections = [new Agent({ keepAlive: true, maxSockets: 1 }), new Agent({ keepAlive: true, maxSockets: 1 })];
    cleanups.push(async () => connections.forEach((agent) => agent.destroy()));
    for (const agent of connections) expect((await send(port, 'GET', '/healthz', undefined, agent)).status).toBe(200);

    // Each message is sent just after the previous one was delivered, when the worker has
    // gone back to its five-second poll: only a wake-up delivers it within a second or two.
    let sent = 0;
    for (const agent of [...connections, ...connections]) {
      sent += 1;
      const started = Date.now();
      const answer = await send(port, 'POST', FEEDBACK, await multipartBody(validContactFields({ 'your-name': `Visitor ${sent}` })), agent);
      expect(JSON.parse(answer.text)).toMatchObject({ status: 'mail_sent' });
      await waitFor(`message ${sent} delivered`, () => smtp.received.length >= sent, TIMEOUT_MS);
      expect(Date.now() - started).toBeLessThan(3_000);
    }
    await waitFor('nothing undelivered', async () => (await listUndelivered(database.db)).length === 0, TIMEOUT_MS);
    const names = smtp.received.map((mail) => mail.headers.get('subject')?.[0]?.replace(/.* from /, ''));
    expect(names).toEqual(['Visitor 1', 'Visitor 2', 'Visitor 3', 'Visitor 4']);
    expect(jobsLines()).toHaveLength(1);

    server.child.kill('SIGTERM');
    expect((await server.exit).code).toBe(0);
  }, TIMEOUT_MS * 2);

  it('counts a rate limit across the processes (in the database)', async () => {
    const { env } = await site({ FEEDBACK_RATE_LIMIT: '3/10m' });
    const port = await freePort();
    const server = await startCluster(env, port);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await send(port, 'POST', FEEDBACK, await multipartBody(validContactFields()))).status);
    }
    // Counted per process, each of the two would have let three through.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    server.child.kill('SIGTERM');
    expect((await server.exit).code).toBe(0);
  }, TIMEOUT_MS * 2);

  it('exits 0 on a SIGTERM that comes while its server processes are still starting', async () => {
    const { env } = await site();
    const server = runScript('server/main.ts', { ...env, PORT: String(await freePort()) });
    running.push(server);
    // Before the processes have loaded the server: the signal ends them before they can drain.
    await waitFor('the server processes forked', () => server.stdout().includes('starting the server processes'), TIMEOUT_MS);
    server.child.kill('SIGTERM');
    expect((await server.exit).code).toBe(0);
    expect(logLines(server).at(-1)).toMatchObject({ msg: 'stopped', exitCode: 0 });
  }, TIMEOUT_MS * 2);

  it('stops with exit 1 when a server process cannot start', async () => {
    const { env } = await site();
    const port = await freePort();
    const taken = runScript('server/main.ts', { ...env, WEB_CONCURRENCY: '1', PORT: String(port) });
    running.push(taken);
    await waitFor('the port taken', () => taken.stdout().includes('Server listening at'), TIMEOUT_MS);

    const server = runScript('server/main.ts', { ...env, PORT: String(port) });
    running.push(server);
    const exit = await server.exit;
    expect(exit.code).toBe(1);
    expect(logLines(server).map((line) => line.msg)).toContain('a server process failed to start');
    taken.child.kill('SIGTERM');
    expect((await taken.exit).code).toBe(0);
  }, TIMEOUT_MS * 2);
});
