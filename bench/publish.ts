// `npm run bench:publish`: how long from a publish until every server process serves the new
// pages (README.md "Live in seconds"; the target is 5 s). Three ways a process learns of it:
//  - the publishing process itself: `contentPublished` answers once its pages are served;
//  - a second server on the same database, reading the live revision every CONTENT_POLL_INTERVAL (1 s);
//  - the other process of a cluster (WEB_CONCURRENCY=2), told over IPC through the supervisor.
// The renderer here replays the build's own pages with the revision stamped in (the real
// renderer's time, server/site-render/, comes on top): what is measured is writing the
// generation with its .br/.gz twins, syncing it, loading it into memory and telling the others.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { isRenderedFile } from '../server/site-generations/served-site.ts';
import type { RenderedSiteFile, SiteRenderer } from '../server/site-generations/site-renderer.ts';
import { createTestApp } from '../test/server/helpers/test-app.ts';
import { fakeOf, siteContentOf } from '../test/server/site-generations/helpers/fake-site.ts';
import { createTestDatabase } from '../test/server/helpers/test-db.ts';
import { startLiveCluster } from '../test/server/site-generations/fixtures/live-cluster.ts';
import { ensureBuilt, printTable, STATIC_ROOT } from './support/built-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

ensureBuilt();
const builtPages: RenderedSiteFile[] = readdirSync(STATIC_ROOT, { recursive: true, encoding: 'utf8' })
  .map((entry) => entry.split(path.sep).join('/'))
  .filter((relative) => isRenderedFile(relative) && statSync(path.join(STATIC_ROOT, relative)).isFile())
  .map((relative) => ({ relative, body: readFileSync(path.join(STATIC_ROOT, relative), 'utf8') }));
const pageBytes = builtPages.reduce((total, file) => total + Buffer.byteLength(file.body), 0);
const MARK = (revision: number) => `<!-- content revision ${revision} -->`;

/** The build's pages, each marked with the revision (content is `{ revision }` here). */
const replayRenderer: SiteRenderer = {
  async render(content) {
    const { revision } = fakeOf(content);
    return builtPages.map((file) => ({ relative: file.relative, body: file.relative.endsWith('.html') ? `${String(file.body)}${MARK(revision)}` : file.body }));
  },
};

function summary(values: number[]): { median: string; max: string } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: `${Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN)} ms`, max: `${Math.round(sorted.at(-1) ?? NaN)} ms` };
}

async function twoServersOnOneDatabase(): Promise<{ publish: number[]; other: number[] }> {
  const database = await createTestDatabase();
  await sql`create table bench_live_revisions (id integer primary key)`.execute(database.db);
  const content = {
    liveRevision: async () => Number((await sql<{ live: number | null }>`select max(id) as live from bench_live_revisions`.execute(database.db)).rows[0]?.live ?? 0),
    readLiveContent: async () => siteContentOf({ revision: await content.liveRevision(), projects: [], categories: [] }),
    // One database for the run: a revision's number is its identity.
    revisionUid: async (revision: number) => `bench-${revision}`,
  };
  const servers = [];
  for (let index = 0; index < 2; index += 1) {
    const server = await createTestApp({ STATIC_ROOT, CONTENT_POLL_INTERVAL: '1s' }, { database, siteGenerations: { renderer: replayRenderer, content } });
    await server.app.ready();
    servers.push(server);
  }
  const [first, second] = servers as [(typeof servers)[number], (typeof servers)[number]];
  const times = { publish: [] as number[], other: [] as number[] };
  try {
    for (let revision = 1; revision <= RUNS; revision += 1) {
      await sql`insert into bench_live_revisions (id) values (${revision})`.execute(database.db);
      const started = performance.now();
      await first.app.contentPublished(revision);
      const answered = performance.now();
      times.publish.push(answered - started);
      while (!(await second.app.inject('/')).body.endsWith(MARK(revision))) await new Promise((resolve) => setTimeout(resolve, 5));
      times.other.push(performance.now() - answered);
      // Publishes a random part of a poll interval apart, as people make them.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    }
  } finally {
    for (const server of servers) await server.cleanup();
    await database.cleanup();
  }
  return times;
}

function fetchText(port: number, urlPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(text));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The cluster test's entry (fake pages): from the publish's answer in one process to the other's swap, by their logs. */
async function inACluster(): Promise<number[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'bench-publish-'));
  const cluster = await startLiveCluster(folder, {
    DATABASE_URL: `sqlite:${path.join(folder, 'site.db')}`,
    ADDRESS_HASH_KEY_FILE: path.join(folder, 'address-hash.key'),
    STATIC_ROOT,
  });
  const { server, port, lines } = cluster;
  const times: number[] = [];
  try {
    const contents = [];
    for (let revision = 1; revision <= RUNS; revision += 1) {
      contents.push({ revision, projects: [`hall-${revision}`], categories: [] });
      await cluster.publish(contents);
      const swapsOf = () => lines().filter((line) => line.msg === 'serving the pages of a new content revision' && line.revision === revision);
      while (swapsOf().length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      const answered = lines().find((line) => line.msg === 'test publish answered' && line.revision === revision);
      const other = swapsOf().find((line) => line.pid !== answered?.pid);
      if (answered === undefined || other === undefined) throw new Error('the cluster did not log both processes');
      times.push(Math.max(0, other.time - answered.time));
      if ((await fetchText(port, `/projects/hall-${revision}/`)).includes(`hall-${revision}`) === false) throw new Error('not served');
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exit;
    await rm(folder, { recursive: true, force: true });
  }
  return times;
}

console.log(`publishing ${builtPages.length} rendered files (${(pageBytes / 1024).toFixed(0)} KB) of ${STATIC_ROOT}, ${RUNS} times each`);
const onDatabase = await twoServersOnOneDatabase();
const inCluster = await inACluster();
const rows: Array<[string, number[]]> = [
  ['the publishing process (render replay, write, sync, load, swap)', onDatabase.publish],
  ['another server on the database (1 s poll), after the answer', onDatabase.other],
  ['the cluster’s other process (IPC), after the answer', inCluster],
];
printTable(['who serves the new pages', 'median', 'max'], rows.map(([who, times]) => [who, summary(times).median, summary(times).max]));
