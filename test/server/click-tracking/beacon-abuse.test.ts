import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createHitWriter } from '../../../server/click-tracking/hit-writer.ts';
import type { ClickHit, HitStore } from '../../../server/click-tracking/hit-store.ts';
import { heapAfterCollection, INSPECT_ARGS } from '../helpers/inspect-heap.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { createStaticFixture } from '../helpers/static-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/test-db.ts';

/*
 * The click beacon's abuse paths (README.md, "Abuse paths and the limits that stop them"):
 * random beacons must not grow the database or the server's memory, and one bad beacon must
 * not fail the good ones committed with it.
 */

const SITE = 'https://www.example.co.za';
const cleanups: Array<() => Promise<void>> = [];
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real link of the fixture's home page (page id 12), as its page names it. */
const good = (origin: string) => ({ postID: '12', location: `${origin}/`, anchor: 'See our projects', target: `${origin}/#projects` });

async function click(test: TestApp, fields: Record<string, string>) {
  const body = await multipartBody(fields);
  return test.app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/1', payload: body.payload, headers: { 'content-type': body.contentType } });
}

describe(`one bad beacon among good ones on ${testDialect}`, () => {
  it.each([
    ['a NUL in the anchor', { anchor: 'See our\u0000projects' }, 'ttc_control_character'],
    ['a control character in the target', { target: `${SITE}/#pro\u001bjects` }, 'ttc_control_character'],
    ['a 3,000-byte target', { target: `${SITE}/?q=${'x'.repeat(3000)}` }, 'ttc_unknown_link'],
  ])('%s is refused with 400 and its code; the 50 good beacons sent with it are stored', async (_name, change, code) => {
    const test = await createTestApp({ SITE_URL: SITE });
    cleanups.push(() => test.cleanup());
    await test.app.ready();
    const answers = await Promise.all([...Array.from({ length: 25 }, () => click(test, good(SITE))), click(test, { ...good(SITE), ...change }), ...Array.from({ length: 25 }, () => click(test, good(SITE)))]);
    const bad = answers.splice(25, 1)[0]!;
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code, data: { status: 400 } });
    const { db } = test.database;
    expect(Number((await db.selectFrom('click_hits').select(db.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(50);
  });

  it('the hit writer retries a failed batch hit by hit: only the hit the store refuses fails', async () => {
    const batches: number[] = [];
    const store: HitStore = {
      async store(hits) {
        batches.push(hits.length);
        if (hits.some((hit) => hit.anchor === 'bad')) throw new Error('refused by the database');
        return new Map();
      },
      close: async () => undefined,
    };
    const writer = createHitWriter(store);
    const hit = (anchor: string): ClickHit => ({ postId: 12, location: `${SITE}/`, target: `${SITE}/#projects`, anchor, clickedAt: new Date(0).toISOString() });
    const results = await Promise.allSettled(['a', 'b', 'bad', 'c'].map((anchor) => writer.write(hit(anchor))));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([4, 1, 1, 1, 1]);
    await writer.close();
  });
});

/** A string of `length` random characters, many of them multi-byte. */
function randomText(length: number): string {
  const alphabet = 'abcxyz019/?#=&%-_.~ éüßж中文字😀';
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
}

/** The server's resident memory, from /proc. */
const residentBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) * 1024;

const TIMEOUT_MS = 300_000;

describe(`random beacons against the real server on ${testDialect}`, () => {
  it('10,000 random beacons leave the database under 2 MB larger and the process holding under 4 MB more memory (400 bytes a beacon)', async () => {
    const database: TestDatabase = await createTestDatabase({ migrate: false });
    const site = await createStaticFixture();
    cleanups.push(() => database.cleanup(), () => site.cleanup());
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await startServerProcess(
      { DATABASE_URL: database.url, STATIC_ROOT: site.root, UPLOAD_DIR: `${site.root}-uploads`, SITE_URL: origin, CLICK_RATE_LIMIT: 'off', WEB_CONCURRENCY: '1' },
      port,
      60_000,
      INSPECT_ARGS,
    );
    running.push(server);
    const pid = server.child.pid!;
    const { db } = database;
    const size = async () => {
      if (database.dialect === 'postgres') {
        const row = await db
          .selectNoFrom((eb) => [eb.fn<string>('pg_total_relation_size', [eb.val('click_links')]).as('links'), eb.fn<string>('pg_total_relation_size', [eb.val('click_hits')]).as('hits')])
          .executeTakeFirstOrThrow();
        return Number(row.links) + Number(row.hits);
      }
      // The database's pages, committed ones still in the write-ahead log included (the log's
      // file is reused, not grown, once checkpointed).
      const { rows } = await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(db);
      return Number(rows[0]?.bytes);
    };
    // Each beacon its own random page, link and anchor (up to the protocol's limits), or a real
    // link of a real page with a random anchor: what an attacker would send to make rows.
    const randomBeacon = (n: number) => {
      switch (n % 4) {
        case 0:
          return { postID: String(n), location: `${origin}/${randomText(1000)}`, anchor: randomText(255), target: `https://example.net/${randomText(1500)}` };
        case 1:
          return { postID: '12', location: `${origin}/`, anchor: randomText(255), target: `${origin}/#${randomText(1500)}` };
        case 2:
          return { ...good(origin), anchor: randomText(255) };
        default:
          return { postID: '0', location: `${origin}/thank-you/?${randomText(1500)}`, anchor: randomText(255), target: `${origin}/#projects` };
      }
    };
    const send = async (n: number) => {
      const { payload, contentType } = await multipartBody(randomBeacon(n));
      const response = await fetch(`${origin}/wp-json/track-the-click/v3/click/${n}`, { method: 'POST', body: new Uint8Array(payload), headers: { 'content-type': contentType } });
      expect(response.status).toBeLessThan(500);
      await response.arrayBuffer();
    };
    const sendMany = async (from: number, count: number) => {
      for (let start = from; start < from + count; start += 50) await Promise.all(Array.from({ length: 50 }, (_, index) => send(start + index)));
    };
    // Warm up (the server's lazy parts load with the first beacons), then measure what the
    // process still holds after a full collection: the V8 heap and the memory its objects own
    // outside it. Resident memory is printed too but not bounded: after a burst it keeps garbage
    // and allocator arenas whose size depends on how busy the CPU was (a full parallel run read
    // 211 → 338 MB on PostgreSQL and +165 MB on SQLite where the same test alone read +13 MB),
    // which measured the machine, not a leak.
    const held = async () => {
      const heap = await heapAfterCollection(server);
      return heap.heapUsed + heap.external;
    };
    await sendMany(0, 2_000);
    const before = { bytes: await size(), held: await held(), resident: residentBytes(pid) };
    await sendMany(2_000, 10_000);
    const after = { bytes: await size(), held: await held(), resident: residentBytes(pid) };
    const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
    console.log(
      `random beacons on ${testDialect}: database +${((after.bytes - before.bytes) / 1e6).toFixed(2)} MB, held after a full collection ${mb(before.held)} → ${mb(after.held)} MB, resident ${mb(before.resident)} → ${mb(after.resident)} MB`,
    );
    expect(after.bytes - before.bytes).toBeLessThan(2 * 1024 * 1024);
    expect(after.held - before.held).toBeLessThan(4 * 1024 * 1024);
  }, TIMEOUT_MS);
});
