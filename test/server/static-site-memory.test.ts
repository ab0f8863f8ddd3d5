import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY_MAX_BYTES } from '../../server/routes/static-files-in-memory.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createStaticFixture, fixtureFiles, type StaticFixture } from './helpers/static-fixture.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';

/*
 * What serving the site from memory must keep from @fastify/static's behaviour, beyond
 * static-site.test.ts: files too large for memory still come from disk, index pages answer at
 * their own name too, HEAD, If-Modified-Since, and a file added after start is not served.
 */

let app: FastifyInstance;
let site: StaticFixture;
let database: TestDatabase;
const BIG = Buffer.alloc(IN_MEMORY_MAX_BYTES + 1024, 0x41);

beforeAll(async () => {
  site = await createStaticFixture();
  database = await createTestDatabase();
  await writeFile(path.join(site.root, 'assets', 'video-0a1b2c3d.mp4'), BIG);
  app = await buildApp({ config: loadConfig({ STATIC_ROOT: site.root }), db: database.db, logger: false });
  await app.ready();
  await writeFile(path.join(site.root, 'late.txt'), 'added after start\n');
});

afterAll(async () => {
  await app.close();
  await database.cleanup();
  await site.cleanup();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe(`the site served from memory on ${testDialect}`, () => {
  it('streams a file too large for memory from disk, with the same headers', async () => {
    const response = await get('/assets/video-0a1b2c3d.mp4');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(BIG.length);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBeTruthy();
  });

  it('serves an index page at its own name too', async () => {
    expect((await get('/index.html')).body).toBe(fixtureFiles['index.html']);
    expect((await get('/thank-you/index.html')).body).toBe(fixtureFiles['thank-you/index.html']);
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(fixtureFiles['robots.txt'])));
    expect(response.body).toBe('');
  });

  it('answers If-Modified-Since with 304 when nothing changed, and ignores it beside If-None-Match', async () => {
    const first = await get('/');
    expect((await get('/', { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
    expect((await get('/', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).statusCode).toBe(200);
    const mismatch = await get('/', { 'if-none-match': '"other"', 'if-modified-since': String(first.headers['last-modified']) });
    expect(mismatch.statusCode).toBe(200);
  });

  it('sends gzip when brotli is refused with q=0', async () => {
    expect((await get('/', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('serves only the files present at start', async () => {
    expect((await get('/late.txt')).statusCode).toBe(404);
  });
});
