import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repositoryContent } from '../../../content/repository-content.ts';
import { CONTENT_ROUTE } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { workerSiteRenderer, type WorkerSiteRenderer } from '../../../server/site-render/worker-renderer.ts';
import { api, get, post } from '../console-access/console-access-fixture.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { createFakeSsr, type FakeSsr } from '../helpers/fake-ssr.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * Publishing and previewing render the site in a worker thread (server/site-render/worker-renderer.ts;
 * README.md, "Abuse paths and the limits that stop them"): the event loop keeps answering the
 * public pages and /healthz while a render runs. The renderer is the real one (render-site.ts)
 * around a stand-in SSR bundle that can be held mid-render (helpers/fake-ssr.ts). Nothing here
 * is timed: a held render spins until the test lets it go, and the test asks its questions
 * while it spins. On a render in the main thread nothing answers until it ends.
 */

const NOW = Date.parse('2026-11-27T08:00:00.000Z');

/** Polls `done` on the event loop (which a render in the main thread would hold). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe(`rendering off the main thread on ${testDialect}`, () => {
  let ssr: FakeSsr;
  let renderer: WorkerSiteRenderer;
  let test: TestApp;
  let owner: TestPerson;

  beforeAll(async () => {
    ssr = await createFakeSsr();
    renderer = workerSiteRenderer({ ssrDir: ssr.ssrDir });
    test = await createTestApp({}, { now: () => NOW, siteGenerations: { renderer } });
    test.app.siteRenderer = renderer;
    await test.app.ready();
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  });
  afterAll(async () => {
    await ssr.release();
    await test.cleanup();
    await renderer.close();
    await ssr.cleanup();
  });
  beforeEach(async () => {
    await test.app.db.deleteFrom('rate_limits').execute();
  });
  afterEach(() => ssr.release());

  const hero = (heading: string) => ({ ...repositoryContent().hero, heading });
  const live = async () => (await get(test.app, api(CONTENT_ROUTE.document, { name: 'hero' }), owner.cookie)).json().revision as number;

  it('publishes through a render in a worker thread, and the pages it serves say so', async () => {
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: await live(), document: hero('Rendered beside the server'), note: '' }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const home = await test.app.inject('/');
    expect(home.body).toContain('<h1>Rendered beside the server</h1>');
    expect(home.body).toContain(`rendered in worker thread ${renderer.threadId}`);
    expect(renderer.threadId).toBeGreaterThan(0);
  });

  it('answers /healthz and the public pages while a publish is rendering, and the publish then completes', async () => {
    await ssr.hold();
    let answered = false;
    const publishing = post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: await live(), document: hero('Held mid-render'), note: '' }, owner.cookie).then((response) => {
      answered = true;
      return response;
    });
    await until(ssr.started);
    const health = await test.app.inject('/healthz');
    const page = await test.app.inject('/');
    // Both answered while the render still spins in its thread.
    expect(answered).toBe(false);
    expect(health.statusCode, health.body).toBe(200);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Held mid-render');
    await ssr.release();
    const published = await publishing;
    expect(published.statusCode, published.body).toBe(200);
    expect((await test.app.inject('/')).body).toContain('<h1>Held mid-render</h1>');
  });

  it('renders a preview in the worker, its one page alone, once however often its frame loads', async () => {
    const made = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: hero('Only a preview') }, owner.cookie);
    expect(made.statusCode, made.body).toBe(200);
    const before = ssr.renders().length;
    await ssr.hold();
    let answered = false;
    const framing = get(test.app, made.json().url, owner.cookie).then((response) => {
      answered = true;
      return response;
    });
    await until(ssr.started);
    expect((await test.app.inject('/healthz')).statusCode).toBe(200);
    expect(answered).toBe(false);
    await ssr.release();
    const frame = await framing;
    expect(frame.statusCode, frame.body).toBe(200);
    expect(frame.body).toContain('<h1>Only a preview</h1>');
    expect(frame.body).toContain('rendered in worker thread');
    // The home page alone, not the whole site.
    expect(ssr.renders().slice(before)).toEqual(['/']);
    const again = await get(test.app, made.json().url, owner.cookie);
    expect(again.body).toBe(frame.body);
    expect(ssr.renders().slice(before)).toEqual(['/']);
  });

  it('answers 503 for a publish whose render fails in the worker, keeps serving, and renders again with a new worker after one that died', async () => {
    const served = (await test.app.inject('/')).body;
    for (const heading of ['throw', 'exit']) {
      const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: await live(), document: hero(heading), note: '' }, owner.cookie);
      expect(response.statusCode, `${heading}: ${response.body}`).toBe(503);
      expect((await test.app.inject('/')).body).toBe(served);
    }
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: await live(), document: hero('Back on its feet'), note: '' }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect((await test.app.inject('/')).body).toContain('<h1>Back on its feet</h1>');
  });
});
