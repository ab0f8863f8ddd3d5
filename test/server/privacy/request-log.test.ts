import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { loggerOptions } from '../../../server/http/request-log.ts';
import { createStaticFixture, type StaticFixture } from '../helpers/static-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';

/*
 * README "Privacy": a request's log line has its method, its path without the query, its status
 * and its time; never the client's address or port, nor a token from the query. Over real HTTP:
 * Fastify writes its request lines only for requests that came through a socket.
 */
describe('the request log', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function serverWithLog(): Promise<{ origin: string; lines: () => Array<Record<string, unknown>>; raw: () => string }> {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString('utf8'));
        callback();
      },
    });
    const database: TestDatabase = await createTestDatabase({ migrate: true });
    const site: StaticFixture = await createStaticFixture();
    const app = await buildApp({ config: loadConfig({ STATIC_ROOT: site.root, TRUST_PROXY: '1', ADDRESS_HASH_SECRET: 'test-address-hash-secret-of-32-characters' }), db: database.db, loggerInstance: pino(loggerOptions('info'), stream) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(async () => {
      await app.close();
      await database.cleanup();
      await site.cleanup();
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return {
      origin: `http://127.0.0.1:${address.port}`,
      raw: () => chunks.join(''),
      lines: () => chunks.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>),
    };
  }

  it('keeps the method, the path without its query, the status and the time, and no address, port or token', async () => {
    const server = await serverWithLog();
    const answer = await fetch(`${server.origin}/newsletter/unsubscribe/?token=MARKER-TOKEN-77`, { headers: { 'x-forwarded-for': '203.0.113.77' }, redirect: 'manual' });
    await answer.arrayBuffer();
    await (await fetch(`${server.origin}/no-such-page/?email=marker@example.com`, { headers: { 'x-forwarded-for': '203.0.113.77' } })).arrayBuffer();

    const raw = server.raw();
    expect(raw).not.toContain('203.0.113.77');
    expect(raw.replace(/Server listening at http:\/\/127\.0\.0\.1:\d+/, '')).not.toContain('127.0.0.1');
    expect(raw).not.toContain('MARKER-TOKEN-77');
    expect(raw).not.toContain('marker@example.com');
    expect(raw).not.toMatch(/remotePort|remoteAddress|"host"/);
    const requests = server.lines().filter((line) => line.msg === 'request completed');
    expect(requests.map((line) => [line.req, line.res])).toEqual([
      [{ method: 'GET', path: '/newsletter/unsubscribe/' }, { statusCode: answer.status }],
      [{ method: 'GET', path: '/no-such-page/' }, { statusCode: 404 }],
    ]);
    for (const line of requests) expect(line.responseTime).toEqual(expect.any(Number));
  });
});
