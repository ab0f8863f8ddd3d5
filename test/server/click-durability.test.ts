import { afterEach, describe, expect, it } from 'vitest';
import { createStaticFixture } from './helpers/static-fixture.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';
import { multipartBody } from './helpers/multipart.ts';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Click beacons with the real entry point: a burst of beacons, each acknowledged only once its
 * hit is committed, then a SIGKILL while more arrive. Every acknowledged hit is in the database
 * afterwards (a hit may be stored whose answer never came, never the other way round).
 */

const TIMEOUT_MS = 60_000;
const running: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe(`click durability of the real server on ${testDialect}`, () => {
  it('keeps every acknowledged hit across a SIGKILL', async () => {
    const database: TestDatabase = await createTestDatabase({ migrate: false });
    const site = await createStaticFixture();
    cleanups.push(() => database.cleanup(), () => site.cleanup());
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await startServerProcess({ DATABASE_URL: database.url, STATIC_ROOT: site.root, UPLOAD_DIR: `${site.root}-uploads`, SITE_URL: origin, CLICK_RATE_LIMIT: 'off' }, port, TIMEOUT_MS);
    running.push(server);

    const { payload, contentType } = await multipartBody({ postID: '12', location: `${origin}/`, anchor: 'LinkedIn', target: 'https://www.linkedin.com/company/lumina' });
    let acknowledged = 0;
    const send = async () => {
      try {
        const response = await fetch(`${origin}/wp-json/track-the-click/v3/click/1`, { method: 'POST', body: new Uint8Array(payload), headers: { 'content-type': contentType } });
        if (response.status === 200 && (await response.json()) === true) acknowledged += 1;
      } catch {
        // Cut off by the kill: not acknowledged.
      }
    };
    // 20 waves of 25 beacons; the server is killed while a wave is on its way.
    const waves: Array<Promise<void>> = [];
    for (let wave = 0; wave < 20; wave += 1) {
      waves.push(Promise.all(Array.from({ length: 25 }, send)).then(() => undefined));
      if (wave === 14) server.child.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(waves);
    await waitFor('the server gone', () => server.child.signalCode !== null, TIMEOUT_MS);

    const { db } = database;
    const stored = await db.selectFrom('click_hits').select(db.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(acknowledged).toBeGreaterThan(0);
    expect(Number(stored.n)).toBeGreaterThanOrEqual(acknowledged);
  }, TIMEOUT_MS);
});
