import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { assert } from 'superstruct';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { INBOX_ROUTE } from '../../../src/validation/inbox/inbox.protocol.ts';
import { BannerHealthStruct } from '../../../src/validation/shared/backup-health.protocol.ts';
import { addPerson, consoleHeaders } from '../helpers/console-people.ts';
import { fixtureFiles } from '../helpers/static-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { fakeRenderer, FakeStore, homePage, type FakeRenderer } from './helpers/fake-site.ts';

/*
 * Published content that cannot be served (README.md "Live in seconds"): a deploy whose build
 * cannot render the stored documents serves the build's own pages. It is tried again after a
 * wait that doubles from the poll interval up to 10 minutes (a new revision or stamp at once),
 * logged once per attempt, and said by /healthz (`site`) and the console's health banner.
 */

const apps: TestApp[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.cleanup();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface LogLine {
  level: number;
  msg: string;
  revision?: number;
  attempt?: number;
}

/** The poll interval: the first wait; the real timer never fires within a test. */
const POLL_MS = 60_000;
const START = Date.parse('2026-12-01T10:00:00.000Z');

async function liveApp(store: FakeStore, renderer: FakeRenderer, env: Record<string, string> = {}) {
  const logged: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const clock = { now: START };
  const testApp = await createTestApp(
    { CONTENT_POLL_INTERVAL: '1m', ...env },
    { now: () => clock.now, logger: { level: 'info', stream }, siteGenerations: { renderer, content: store } },
  );
  apps.push(testApp);
  await testApp.app.ready();
  const errors = () => logged.filter((line) => line.level >= 50);
  const healthz = async () => {
    const answer = await testApp.app.inject('/healthz');
    return { status: answer.statusCode, site: (answer.json() as { site?: string }).site };
  };
  return { ...testApp, clock, errors, healthz };
}

describe(`published content that cannot be served, on ${testDialect}`, () => {
  it('serves the build, says so on /healthz and in the banner, and renders again only after a wait that doubles up to 10 minutes', async () => {
    const store = new FakeStore();
    store.add(['published-by-the-owner']);
    const renderer = fakeRenderer();
    renderer.failure = new Error('the new build rejects the stored hero');
    const { app, clock, errors, healthz } = await liveApp(store, renderer);

    // The start tried once, logged once, and serves the build's pages.
    expect(renderer.renders).toEqual([1]);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({ revision: 1, attempt: 1 });
    expect((await app.inject('/')).body).toBe(fixtureFiles['index.html']);
    // Pages are still served: 200, with what they are.
    expect(await healthz()).toEqual({ status: 200, site: 'build' });
    const staff = await addPerson(app, { email: 'staff@example.co.za', role: 'staff' });
    const banner = await app.inject({ url: `${CONSOLE_API}${INBOX_ROUTE.mailHealth}`, headers: consoleHeaders(app, staff.cookie) });
    const body = banner.json();
    assert(body, BannerHealthStruct);
    expect(body.site).toEqual({
      state: 'build',
      servedRevision: 0,
      failedRevision: 1,
      reason: 'the new build rejects the stored hero',
      attempts: 1,
      failedAt: new Date(START).toISOString(),
      nextAttemptAt: new Date(START + POLL_MS).toISOString(),
    });

    // Polls within the wait neither render nor log.
    for (let poll = 0; poll < 5; poll += 1) await app.siteGenerations.poll();
    expect(renderer.renders).toEqual([1]);
    expect(errors()).toHaveLength(1);

    // Each wait twice the last, from the poll interval, never over 10 minutes.
    const waits: number[] = [];
    for (let wait = POLL_MS, attempt = 2; attempt <= 7; wait = Math.min(wait * 2, 600_000), attempt += 1) {
      clock.now += wait - 1;
      await app.siteGenerations.poll();
      expect(renderer.renders, `attempt ${attempt} is not due yet`).toHaveLength(attempt - 1);
      clock.now += 1;
      await app.siteGenerations.poll();
      expect(renderer.renders).toHaveLength(attempt);
      expect(errors()).toHaveLength(attempt);
      expect(errors().at(-1)).toMatchObject({ revision: 1, attempt });
      waits.push(wait / 1000);
    }
    expect(waits).toEqual([60, 120, 240, 480, 600, 600]);
    expect(app.siteGenerations.health()).toMatchObject({ state: 'build', attempts: 7, nextAttemptAt: new Date(clock.now + 600_000).toISOString() });

    // The same revision number with another id (a restore): tried at once, the wait from the start.
    store.reissueUid(1);
    await app.siteGenerations.poll();
    expect(renderer.renders).toHaveLength(8);
    expect(app.siteGenerations.health()).toMatchObject({ state: 'build', attempts: 1, nextAttemptAt: new Date(clock.now + POLL_MS).toISOString() });

    // A new revision is tried at once; rendered, it is served and the report is cleared.
    renderer.failure = undefined;
    store.add(['published-by-the-owner', 'fixed']);
    await app.siteGenerations.poll();
    expect((await app.inject('/')).body).toBe(homePage(2));
    expect(await healthz()).toEqual({ status: 200, site: 'live' });
    expect(app.siteGenerations.health()).toEqual({ state: 'live', servedRevision: 2, failedRevision: null, reason: null, attempts: 0, failedAt: null, nextAttemptAt: null });
  });

  it('says stale when an older published revision is served than the one that failed', async () => {
    const store = new FakeStore();
    const renderer = fakeRenderer();
    const { app, healthz } = await liveApp(store, renderer);
    expect(await healthz()).toEqual({ status: 200, site: 'live' });
    await app.contentPublished(store.add(['a']));
    renderer.failure = new Error('the renderer broke');
    await expect(app.contentPublished(store.add(['a', 'b']))).rejects.toThrow('the renderer broke');
    expect((await app.inject('/')).body).toBe(homePage(1));
    expect(await healthz()).toEqual({ status: 200, site: 'stale' });
    expect(app.siteGenerations.health()).toMatchObject({ state: 'stale', servedRevision: 1, failedRevision: 2, reason: 'the renderer broke', attempts: 1 });
  });

  it('removes the folders of a release before the stamps at start, though nothing new is served', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-test-generations-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // `<revision>/`, as a release before the stamps named a generation.
    await mkdir(path.join(dir, '3'));
    await writeFile(path.join(dir, '3', 'index.html'), homePage(3));
    const { app } = await liveApp(new FakeStore(), fakeRenderer(), { SITE_GENERATIONS_DIR: dir });
    expect((await app.inject('/')).body).toBe(fixtureFiles['index.html']);
    expect(await readdir(dir)).toEqual([]);
  });
});
