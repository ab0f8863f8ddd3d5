import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { relaySiteGeneration } from '../../../server/process/site-generation-relay.ts';
import { createStaticFixture } from '../helpers/static-fixture.ts';
import { createTestDatabase, testDialect } from '../helpers/test-db.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startLiveCluster } from './fixtures/live-cluster.ts';
import { homePage, projectPage } from './helpers/fake-site.ts';

/*
 * The cluster's processes are told over IPC (README.md "Live in seconds"): a publish in one
 * process reaches the others through the supervisor, with the poll off, so only the message can
 * have told them.
 */

const running: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    const children = await readFile(`/proc/${server.child.pid}/task/${server.child.pid}/children`, 'utf8').catch(() => '');
    for (const pid of children.split(' ').filter(Boolean).map(Number)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A GET on a connection of its own: the cluster hands each new connection to the next process. */
function fetchPage(port: number, urlPath: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the relay of site.generation notices', () => {
  const worker = (connected = true) => {
    const sent: unknown[] = [];
    const fake = {
      sent,
      isConnected: () => connected,
      send: (message: unknown) => {
        sent.push(message);
        return true;
      },
    };
    return fake;
  };

  it('passes a notice to every other connected process, and nothing else', () => {
    const [from, other, third, gone] = [worker(), worker(), worker(), worker(false)];
    const workers = [from, other, third, gone];
    expect(relaySiteGeneration(from, { type: 'site.generation', revision: 7 }, workers)).toBe(2);
    expect(other.sent).toEqual([{ type: 'site.generation', revision: 7 }]);
    expect(third.sent).toEqual([{ type: 'site.generation', revision: 7 }]);
    expect(from.sent).toEqual([]);
    expect(gone.sent).toEqual([]);
    for (const message of [{ type: 'outbox-queued', channel: 'mail' }, { type: 'site.generation', revision: -1 }, { type: 'site.generation', revision: '7' }, null]) {
      expect(relaySiteGeneration(from, message, workers)).toBe(0);
    }
    expect(other.sent).toHaveLength(1);
  });
});

describe(`the live site in a cluster on ${testDialect}`, () => {
  it('serves a publish made in one process from every process, told through the supervisor', { timeout: 90_000 }, async () => {
    const database = await createTestDatabase({ migrate: false });
    const fixture = await createStaticFixture();
    const folder = await mkdtemp(path.join(tmpdir(), 'site-test-live-cluster-'));
    cleanups.push(() => database.cleanup(), () => fixture.cleanup(), () => rm(folder, { recursive: true, force: true }));
    const { server, port, publish, lines } = await startLiveCluster(folder, { DATABASE_URL: database.url, STATIC_ROOT: fixture.root });
    running.push(server);
    await publish([{ revision: 1, projects: ['cluster-hall'], categories: ['control-room'] }]);
    await waitFor('the publish to be answered', () => server.stdout().includes('test publish answered'), 30_000);

    // Each request on a new connection: both processes answer in turn, every one with revision 1.
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetchPage(port, '/projects/cluster-hall/')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.text))).toEqual(new Set([projectPage(1, 'cluster-hall')]));
    expect((await fetchPage(port, '/')).text).toBe(homePage(1));

    const swaps = lines().filter((line) => line.msg === 'serving the pages of a new content revision');
    // One process rendered; the other loaded the same generation from disk when told.
    expect(swaps.map((line) => line.rendered).sort()).toEqual([false, true]);
    expect(new Set(swaps.map((line) => line.pid)).size).toBe(2);
  });
});
