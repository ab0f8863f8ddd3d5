import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart.ts';
import { fixtureFiles } from '../helpers/static-fixture.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { fakeRenderer, FakeStore, homePage, notFoundPage, projectPage, type FakeRenderer } from './helpers/fake-site.ts';

/*
 * The live site in one process (README.md "Live in seconds"): a publish renders a generation,
 * writes it and swaps it in whole; pages follow the content, assets stay the build's.
 */

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.cleanup();
});

interface LogLine {
  level: number;
  msg: string;
  revision?: number;
  err?: { message?: string; code?: string };
}

async function liveApp(store: FakeStore, renderer: FakeRenderer = fakeRenderer(), env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const logged: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const testApp = await createTestApp(
    { CONTENT_POLL_INTERVAL: 'off', ...env },
    { logger: { level: 'info', stream }, ...options, siteGenerations: { renderer, content: store, ...options.siteGenerations } },
  );
  apps.push(testApp);
  await testApp.app.ready();
  const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });
  return { ...testApp, get, logged, renderer, generationsDir: testApp.app.config.siteGenerationsDir };
}

/** The revisions of the generations on disk, each folder named `<revision>-<stamp>` (generation-folders.ts). */
async function generationRevisions(dir: string): Promise<number[]> {
  return (await readdir(dir)).map((name) => Number(/^(\d+)-[0-9a-f]{16}$/.exec(name)?.[1] ?? Number.NaN)).sort((a, b) => a - b);
}

/** The ETag the server gives these bytes (static-files-in-memory.ts). */
function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

describe(`the live site on ${testDialect}`, () => {
  it('serves the build until a publish, then the new pages: a new project, a new category, a removed page is a 404', async () => {
    const store = new FakeStore();
    const { app, get, generationsDir } = await liveApp(store);
    expect((await get('/projects/riverside-atrium/')).body).toBe(fixtureFiles['projects/riverside-atrium/index.html']);
    expect((await get('/projects/new-hall/')).statusCode).toBe(404);

    const revision = store.add(['new-hall'], ['control-room', 'billboards']);
    await app.contentPublished(revision);

    const added = await get('/projects/new-hall/');
    expect(added.statusCode).toBe(200);
    expect(added.body).toBe(projectPage(1, 'new-hall'));
    expect(added.headers['cache-control']).toBe('no-cache');
    expect((await get('/projects/new-hall')).headers.location).toBe('/projects/new-hall/');
    expect((await get('/projects/new-hall/index.html')).body).toBe(projectPage(1, 'new-hall'));
    expect((await get('/?category=billboards')).body).toBe(homePage(1, 'billboards'));
    expect((await get('/?category=control-room')).body).toBe(homePage(1, 'control-room'));
    expect((await get('/?category=outdoor')).body).toBe(homePage(1));
    expect((await get('/index@category=billboards.html')).statusCode).toBe(404);
    expect(brotliDecompressSync((await get('/', { 'accept-encoding': 'br' })).rawPayload).toString()).toBe(homePage(1));
    expect(gunzipSync((await get('/', { 'accept-encoding': 'gzip' })).rawPayload).toString()).toBe(homePage(1));

    // A page the generation does not have is gone, with the generation's own 404 page.
    for (const url of ['/projects/riverside-atrium/', '/projects/riverside-atrium']) {
      const removed = await get(url);
      expect(removed.statusCode, url).toBe(404);
      expect(removed.body, url).toBe(notFoundPage(1));
    }
    const compressed404 = await get('/no-such-page', { 'accept-encoding': 'br', 'if-none-match': '*' });
    expect(compressed404.statusCode).toBe(404);
    expect(brotliDecompressSync(compressed404.rawPayload).toString()).toBe(notFoundPage(1));
    // What the renderer does not write stays the build's.
    expect((await get('/robots.txt')).body).toBe(fixtureFiles['robots.txt']);
    expect((await get('/admin/')).body).toBe(fixtureFiles['admin/index.html']);
    expect((await get('/.well-known/security.txt')).body).toContain('# revision 1');
    expect((await get('/assets/index-4f2a9c1b.js')).body).toBe(fixtureFiles['assets/index-4f2a9c1b.js']);
    // Other 404s keep their kind.
    expect((await get('/wp-json/nothing')).json()).toMatchObject({ code: 'rest_no_route' });
    expect((await app.inject({ method: 'POST', url: '/projects/new-hall/' })).statusCode).toBe(404);
    expect(await generationRevisions(generationsDir)).toEqual([1]);
  });

  it("takes click beacons from a published page's links at once: the served generation's list, not the build's", async () => {
    const site = 'https://www.example.co.za';
    const store = new FakeStore();
    const { app } = await liveApp(store, fakeRenderer(), { SITE_URL: site });
    const click = async () => {
      const { payload, contentType } = await multipartBody({ postID: '0', location: `${site}/projects/new-hall/`, anchor: 'Back to all projects', target: `${site}/#projects` });
      return app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/1', payload, headers: { 'content-type': contentType } });
    };
    const before = await click();
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ code: 'ttc_unknown_page' });
    await app.contentPublished(store.add(['new-hall'], ['control-room']));
    const after = await click();
    expect(after.statusCode, after.body).toBe(200);
  });

  it("changes the pages' ETags with their bytes, and never the assets'", async () => {
    const store = new FakeStore();
    const { app, get } = await liveApp(store);
    const before = { page: await get('/', { 'accept-encoding': 'br' }), asset: await get('/assets/index-4f2a9c1b.js', { 'accept-encoding': 'br' }) };
    await app.contentPublished(store.add(['new-hall']));
    const after = { page: await get('/', { 'accept-encoding': 'br' }), asset: await get('/assets/index-4f2a9c1b.js', { 'accept-encoding': 'br' }) };

    expect(after.page.headers.etag).not.toBe(before.page.headers.etag);
    expect(after.page.headers.etag).toBe(etagOf(after.page.rawPayload));
    expect(after.asset.headers.etag).toBe(before.asset.headers.etag);
    expect(after.asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A browser holding the old page gets the new one; one holding the new page a 304.
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': String(before.page.headers.etag) })).statusCode).toBe(200);
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': String(after.page.headers.etag) })).statusCode).toBe(304);
    expect((await get('/assets/index-4f2a9c1b.js', { 'accept-encoding': 'br', 'if-none-match': String(before.asset.headers.etag) })).statusCode).toBe(304);
  });

  it('answers every request under load with one whole page of one generation while generations swap', async () => {
    const store = new FakeStore();
    const { app } = await liveApp(store);
    const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const revisions = 4;
    for (let index = 0; index < revisions; index += 1) store.add(['new-hall']);
    const pages = new Map<string, number>([[fixtureFiles['index.html'], 0]]);
    for (let revision = 1; revision <= revisions; revision += 1) pages.set(homePage(revision), revision);

    const encodings = ['br', 'gzip', 'identity'] as const;
    const fetchOnce = (encoding: (typeof encodings)[number]) =>
      new Promise<{ status: number; etag: string; raw: Buffer; encoding: string | undefined }>((resolve, reject) => {
        const outgoing = request({ host: address.hostname, port: address.port, path: '/', headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, etag: String(response.headers.etag), raw: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
          );
        });
        outgoing.on('error', reject);
        outgoing.end();
      });

    let publishing = true;
    const seen = new Set<number>();
    const failures: string[] = [];
    const client = async (index: number) => {
      for (let round = 0; publishing || round < 3; round += 1) {
        const answer = await fetchOnce(encodings[(index + round) % encodings.length]!);
        const body = answer.encoding === 'br' ? brotliDecompressSync(answer.raw) : answer.encoding === 'gzip' ? gunzipSync(answer.raw) : answer.raw;
        const revision = pages.get(body.toString());
        if (answer.status !== 200 || revision === undefined) failures.push(`${answer.status}: ${body.toString().slice(0, 80)}`);
        else seen.add(revision);
        if (answer.etag !== etagOf(answer.raw)) failures.push(`ETag ${answer.etag} is not the bytes' (${answer.encoding ?? 'identity'})`);
      }
    };
    const clients = Array.from({ length: 8 }, (_, index) => client(index));
    let last = 0;
    for (let revision = 1; revision <= revisions; revision += 1) {
      await app.contentPublished(revision);
      expect(last).toBeLessThan(revision);
      last = revision;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    publishing = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    // Old and new generations were both seen, and the last one is what is served now.
    expect(seen.size).toBeGreaterThan(1);
    expect(seen.has(revisions)).toBe(true);
    expect(pages.get((await fetchOnce('identity')).raw.toString())).toBe(revisions);
  });

  it('serialises publishes in a process, and never swaps back to an older revision', async () => {
    const store = new FakeStore();
    const { app, get, renderer } = await liveApp(store);
    store.add(['a']);
    store.add(['a', 'b']);
    store.add(['a', 'b', 'c']);
    await Promise.all([app.contentPublished(1), app.contentPublished(2), app.contentPublished(3)]);
    expect((await get('/')).body).toBe(homePage(3));
    // The first render was under way; the other two asked for the newest, rendered once.
    expect(renderer.renders).toEqual([3, 3]);
    await app.contentPublished(2);
    expect((await get('/')).body).toBe(homePage(3));
    expect((await get('/projects/c/')).statusCode).toBe(200);
  });

  it('keeps the current pages when a render fails, logs it at error, and tries again at the next notice', async () => {
    const store = new FakeStore();
    const { app, get, logged, renderer, generationsDir } = await liveApp(store);
    await app.contentPublished(store.add(['a']));
    renderer.failure = new Error('the renderer broke');
    const revision = store.add(['a', 'b']);
    await expect(app.contentPublished(revision)).rejects.toThrow('the renderer broke');
    expect((await get('/')).body).toBe(homePage(1));
    expect((await get('/projects/b/')).statusCode).toBe(404);
    const errors = logged.filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ revision: 2, err: { message: 'the renderer broke' } });
    expect(await generationRevisions(generationsDir)).toEqual([1]);

    renderer.failure = undefined;
    await app.siteGenerations.notice(revision);
    expect((await get('/')).body).toBe(homePage(2));
    expect((await get('/projects/b/')).statusCode).toBe(200);
  });

  it('leaves no half-written generation when the disk is full, and serves the current pages', async () => {
    const store = new FakeStore();
    let writes = 0;
    const fullDisk = async () => {
      writes += 1;
      if (writes > 4) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const { app, get, logged, generationsDir } = await liveApp(store, fakeRenderer(), {}, { siteGenerations: { write: fullDisk } });
    await expect(app.contentPublished(store.add(['new-hall']))).rejects.toThrow('ENOSPC');
    expect(writes).toBe(5);
    expect(await readdir(generationsDir)).toEqual([]);
    expect((await get('/')).body).toBe(fixtureFiles['index.html']);
    expect(logged.filter((line) => line.level >= 50).map((line) => line.err?.code)).toEqual(['ENOSPC']);
  });

  it('keeps the newest three generations on disk', async () => {
    const store = new FakeStore();
    const { app, generationsDir } = await liveApp(store);
    for (let index = 1; index <= 5; index += 1) await app.contentPublished(store.add(['a']));
    expect(await generationRevisions(generationsDir)).toEqual([3, 4, 5]);
  });

  it('serves the live revision at start when the store has revisions, rendering it once and loading it after', async () => {
    const store = new FakeStore();
    store.add(['a']);
    store.add(['a', 'started']);
    const first = await liveApp(store);
    expect((await first.get('/')).body).toBe(homePage(2));
    expect((await first.get('/projects/started/')).statusCode).toBe(200);
    expect(first.renderer.renders).toEqual([2]);

    // Another process on the same folder finds the generation there: no render.
    const second = await liveApp(store, fakeRenderer(), { SITE_GENERATIONS_DIR: first.generationsDir });
    expect((await second.get('/')).body).toBe(homePage(2));
    expect(second.renderer.renders).toEqual([]);
  });

  it('serves the build at start when the store has no revision', async () => {
    const { get, renderer } = await liveApp(new FakeStore());
    expect((await get('/')).body).toBe(fixtureFiles['index.html']);
    expect(renderer.renders).toEqual([]);
  });
});
