import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { imageManifest } from '../../../content/image-manifest.ts';
import { PAGE_LINKS_FILE, type PageLinksFile } from '../../../server/click-tracking/site-pages.ts';
import { BUILD_ORIGIN, pageLinksOf } from '../../../server/site-render/page-links.ts';
import { applyTemplate } from '../../../server/site-render/render-site.ts';
import { postIdOf, prerenderPage } from '../../../src/entry-server.tsx';
import { seo, siteContent, videos } from '../../support/site-content.ts';
import { createStaticFixture } from '../helpers/static-fixture.ts';
import { purgeOldHits } from '../../../server/click-tracking/click-counts.ts';
import { clickReport, clickReportCsv, formatClickReport } from '../../../server/click-tracking/click-report.ts';
import type { ClickHit, HitStore } from '../../../server/click-tracking/hit-store.ts';
import { createHitWriter, HitQueueFullError, hitStoreFor, SETTLE_TURNS } from '../../../server/click-tracking/hit-writer.ts';
import { kyselyHitStore } from '../../../server/click-tracking/kysely-hit-store.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { fetchNonce, visitorCookie } from '../helpers/visitor-cookie.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { addPerson } from '../helpers/console-people.ts';
import { SESSION_IDLE_MS } from '../../../server/console/console-sessions.ts';

/*
 * Track The Click's server side: beacons stored as links and hits (page id, or page URL for
 * page id 0), every refusal with its code, the counts endpoint (off: `false`; on: per target and
 * anchor, behind the wp_rest nonce), the bounded queue, retention.
 */

const SITE = 'https://www.example.co.za';
let clock = Date.parse('2026-11-24T08:00:00.000Z');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  clock = Date.parse('2026-11-24T08:00:00.000Z');
});

async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
  const test = await createTestApp({ SITE_URL: SITE, ...env }, { now: () => clock });
  cleanups.push(() => test.cleanup());
  await test.app.ready();
  consoleCookie = (await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' })).cookie;
  return test;
}

const beacon = (overrides: Record<string, string> = {}) => ({
  postID: '12',
  location: `${SITE}/`,
  anchor: 'See our projects',
  target: `${SITE}/#projects`,
  ...overrides,
});

async function click(test: TestApp, fields: Record<string, string>, cachebreak: string | number = 1) {
  const body = await multipartBody(fields);
  return test.app.inject({ method: 'POST', url: `/wp-json/track-the-click/v3/click/${cachebreak}`, payload: body.payload, headers: { 'content-type': body.contentType } });
}

/** A console user's session cookie: counts are shown to signed-in console users only. */
let consoleCookie: string | null = null;

async function counts(test: TestApp, postId: string, location: string, nonce?: string, session: string | null = consoleCookie) {
  const body = await multipartBody({ postID: postId, location });
  const visitor = visitorCookie(test.app).cookie;
  return test.app.inject({
    method: 'POST',
    url: '/wp-json/track-the-click/v3/getpagelinkclicks/7',
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: session === null ? visitor : `${visitor}; ${session}`, ...(nonce === undefined ? {} : { 'x-wp-nonce': nonce }) },
  });
}

describe(`Track The Click beacons on ${testDialect}`, () => {
  it('stores a hit per beacon once committed, on one link per page, target and anchor', async () => {
    const test = await appWith({ CLICK_COUNTS: 'on' });
    for (const cachebreak of [1, 2, 3]) {
      const response = await click(test, beacon(), cachebreak);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBe(true);
    }
    await click(test, beacon({ anchor: 'image:https://www.example.co.za/assets/images/x.webp' }), 4);
    await click(test, beacon({ target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn' }), 5);
    const { db } = test.database;
    expect(await db.selectFrom('click_links').select(['post_id', 'page_url', 'target', 'anchor']).orderBy('id').execute()).toEqual([
      { post_id: 12, page_url: '', target: `${SITE}/#projects`, anchor: 'See our projects' },
      { post_id: 12, page_url: '', target: `${SITE}/#projects`, anchor: 'image:https://www.example.co.za/assets/images/x.webp' },
      { post_id: 12, page_url: '', target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn' },
    ]);
    expect(await db.selectFrom('click_hits').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: expect.anything() });

    const nonce = await fetchNonce(test.app, 'wp_rest');
    const answer = await counts(test, '12', `${SITE}/`, nonce);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      { target: `${SITE}/#projects`, anchor: 'See our projects', clicks: 3 },
      { target: `${SITE}/#projects`, anchor: 'image:https://www.example.co.za/assets/images/x.webp', clicks: 1 },
      { target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn', clicks: 1 },
    ]);
  });

  it('keys the links of a page without an id (0) by the page URL', async () => {
    const test = await appWith({ CLICK_COUNTS: 'on' });
    await click(test, beacon({ postID: '0', location: `${SITE}/thank-you/` }));
    await click(test, beacon({ postID: '0', location: `${SITE}/thank-you/` }));
    await click(test, beacon({ postID: '0', location: `${SITE}/newsletter/confirmed/` }));
    const nonce = await fetchNonce(test.app, 'wp_rest');
    expect((await counts(test, '0', `${SITE}/thank-you/`, nonce)).json()).toEqual([{ target: `${SITE}/#projects`, anchor: 'See our projects', clicks: 2 }]);
    expect((await counts(test, '0', `${SITE}/newsletter/confirmed/`, nonce)).json()).toEqual([{ target: `${SITE}/#projects`, anchor: 'See our projects', clicks: 1 }]);
    // A page with an id is another page.
    expect((await counts(test, '12', `${SITE}/thank-you/`, nonce)).json()).toEqual([]);
  });

  it.each([
    ['no postID', { postID: undefined }, 'ttc_missing_field'],
    ['no target', { target: undefined }, 'ttc_missing_field'],
    ['a postID that is not a number', { postID: '12abc' }, 'ttc_invalid_post_id'],
    ['an anchor over 255 characters', { anchor: 'x'.repeat(256) }, 'ttc_anchor_too_long'],
    ['a target over 4,096 characters', { target: `${SITE}/?q=${'x'.repeat(4100)}` }, 'ttc_url_too_long'],
    ['a location that is not a URL', { location: 'home page' }, 'ttc_invalid_location'],
    ['a location on another site', { location: 'https://evil.example.net/' }, 'ttc_foreign_location'],
    ['a javascript: target', { target: 'javascript:alert(1)' }, 'ttc_invalid_target'],
    ['a target that is not a URL', { target: '/#projects' }, 'ttc_invalid_target'],
    ['a NUL in the anchor', { anchor: 'See our\u0000projects' }, 'ttc_control_character'],
    ['a line break in the location', { location: `${SITE}/\n` }, 'ttc_control_character'],
    ['a page the build did not make', { location: `${SITE}/no-such-page/` }, 'ttc_unknown_page'],
    ['another page\'s id', { postID: '13' }, 'ttc_wrong_post_id'],
    ['a link the page does not have', { target: `${SITE}/#somewhere-else` }, 'ttc_unknown_link'],
    ['a link of another page', { target: `${SITE}/projects/riverside-atrium/`, location: `${SITE}/thank-you/`, postID: '0' }, 'ttc_unknown_link'],
  ])('refuses %s with 400 and a code, storing nothing', async (_name, change, code) => {
    const test = await appWith();
    const fields = Object.fromEntries(Object.entries({ ...beacon(), ...change }).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const response = await click(test, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, data: { status: 400 } });
    const { db } = test.database;
    expect(await db.selectFrom('click_hits').selectAll().execute()).toEqual([]);
  });

  it('stores a link as its page names it: the page\'s own anchor, the site\'s address, the page without query or fragment', async () => {
    const test = await appWith();
    const visitorOrigin = 'http://www.example.co.za:8080';
    for (const anchor of ['See our projects', 'Something else', 'x'.repeat(200)]) {
      expect((await click(test, beacon({ anchor, location: `${visitorOrigin}/?category=control-room#top`, target: `${visitorOrigin}/#projects` }))).json()).toBe(true);
    }
    expect((await click(test, beacon({ postID: '0', location: `${SITE}/thank-you/?utm=1#x` }))).json()).toBe(true);
    expect((await click(test, beacon({ target: `${SITE}/projects/riverside-atrium/`, anchor: 'Riverside' }))).json()).toBe(true);
    const { db } = test.database;
    expect(await db.selectFrom('click_links').select(['post_id', 'page_url', 'target', 'anchor']).orderBy('id').execute()).toEqual([
      { post_id: 12, page_url: '', target: `${SITE}/#projects`, anchor: 'See our projects' },
      { post_id: 0, page_url: `${SITE}/thank-you/`, target: `${SITE}/#projects`, anchor: 'See our projects' },
      { post_id: 12, page_url: '', target: `${SITE}/projects/riverside-atrium/`, anchor: 'Riverside Crossing atrium wall' },
    ]);
  });

  it('stores a click on a phone number or mail address (tel: and mailto: targets)', async () => {
    const test = await appWith();
    expect((await click(test, beacon({ target: 'tel:+27215550100', anchor: '+27 21 555 0100' }))).json()).toBe(true);
    expect((await click(test, beacon({ target: 'mailto:enquiries@example.co.za', anchor: 'Email us' }))).json()).toBe(true);
    const { db } = test.database;
    expect((await db.selectFrom('click_links').select('target').orderBy('target').execute()).map((row) => row.target)).toEqual(['mailto:enquiries@example.co.za', 'tel:+27215550100']);
  });

  it('refuses a beacon for a link shown only without scripts (a video\'s YouTube link in <noscript>) as it refuses an unknown link', async () => {
    // The home page as the site renderer writes it and its page-links file (render-site.ts).
    const page = await prerenderPage('/', siteContent, imageManifest);
    const body = applyTemplate('<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>', page);
    const site = await createStaticFixture();
    cleanups.push(() => site.cleanup());
    const postId = postIdOf(seo, page.route);
    const pageLinks: PageLinksFile = { origin: BUILD_ORIGIN, pages: [{ path: '/', postId, links: pageLinksOf(body, '/') }] };
    await writeFile(path.join(site.root, PAGE_LINKS_FILE), JSON.stringify(pageLinks));
    const test = await appWith({ STATIC_ROOT: site.root });
    const video = videos.items[0]!;
    const watch = `https://www.youtube.com/watch?v=${video.youtubeId}`;
    expect(body).toContain(`<noscript> <a href="${watch}">${video.title}</a></noscript>`);
    const home = { postID: String(postId), location: `${SITE}/` };
    const refusals = [];
    for (const target of [watch, 'https://www.youtube.com/watch?v=elsewhere']) {
      const response = await click(test, { ...home, target, anchor: video.title });
      refusals.push([response.statusCode, response.json().code]);
    }
    expect(refusals).toEqual([
      [400, 'ttc_unknown_link'],
      [400, 'ttc_unknown_link'],
    ]);
    // A link the visitor sees on the same page is taken.
    expect((await click(test, { ...home, target: `${SITE}/#projects`, anchor: 'Projects' })).json()).toBe(true);
    expect(await test.database.db.selectFrom('click_links').select('target').execute()).toEqual([{ target: `${SITE}/#projects` }]);
  });

  it('answers 404 for a cachebreak that is not a number, and 415 for JSON', async () => {
    const test = await appWith();
    const body = await multipartBody(beacon());
    const wrong = await test.app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/abc', payload: body.payload, headers: { 'content-type': body.contentType } });
    expect(wrong.statusCode).toBe(404);
    const json = await test.app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/1', payload: JSON.stringify(beacon()), headers: { 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'ttc_unsupported_media_type' });
  });

  it('limits beacons per address (CLICK_RATE_LIMIT) with 429 and Retry-After', async () => {
    const test = await appWith({ CLICK_RATE_LIMIT: '2/1m' });
    expect((await click(test, beacon())).statusCode).toBe(200);
    expect((await click(test, beacon())).statusCode).toBe(200);
    const limited = await click(test, beacon());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toMatchObject({ code: 'ttc_rate_limited' });
  });

  it('answers false for counts while CLICK_COUNTS is off, and 403 without a good nonce when on', async () => {
    const off = await appWith();
    expect((await counts(off, '12', `${SITE}/`)).json()).toBe(false);
    const on = await appWith({ CLICK_COUNTS: 'on' });
    expect((await counts(on, '12', `${SITE}/`)).statusCode).toBe(403);
    expect((await counts(on, '12', `${SITE}/`, 'forged-nonce')).json()).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
  });

  // Track The Click shows counts to logged-in editors only; so does the site (README.md, "Click counts").
  it('refuses counts to a visitor without a live console session, even with a good nonce', async () => {
    const test = await appWith({ CLICK_COUNTS: 'on' });
    await click(test, beacon());
    const nonce = await fetchNonce(test.app, 'wp_rest');
    const anonymous = await counts(test, '12', `${SITE}/`, nonce, null);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ code: 'ttc_console_session_required', data: { status: 403 } });
    // The presence cookie that made the page ask is cleared: it will not ask again.
    expect(String(anonymous.headers['set-cookie'])).toMatch(/console_signed_in=;/);
    const forged = await counts(test, '12', `${SITE}/`, nonce, `__Host-console_session=${'A'.repeat(43)}`);
    expect(forged.json()).toMatchObject({ code: 'ttc_console_session_required' });
    const owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    clock += SESSION_IDLE_MS;
    // Idle for 30 minutes: the session has ended.
    expect((await counts(test, '12', `${SITE}/`, nonce, owner.cookie)).json()).toMatchObject({ code: 'ttc_console_session_required' });
    const fresh = await addPerson(test.app, { email: 'owner2@example.co.za', role: 'owner' });
    expect((await counts(test, '12', `${SITE}/`, nonce, fresh.cookie)).json()).toEqual([{ target: `${SITE}/#projects`, anchor: 'See our projects', clicks: 1 }]);
    // A revoked person's session counts for nothing.
    await test.database.db.updateTable('console_people').set({ revoked_at: new Date(clock).toISOString() }).where('id', '=', fresh.id).execute();
    expect((await counts(test, '12', `${SITE}/`, nonce, fresh.cookie)).statusCode).toBe(403);
  });

  it('deletes hits older than CLICK_RETAIN_DAYS', async () => {
    const test = await appWith({ CLICK_RETAIN_DAYS: '30' });
    await click(test, beacon());
    clock += 31 * 24 * 3_600_000;
    await click(test, beacon());
    const { db } = test.database;
    expect(await purgeOldHits(db, clock, test.app.config.clickRetainDays)).toEqual({ hits: 1, links: 0 });
    expect(await db.selectFrom('click_hits').selectAll().execute()).toHaveLength(1);
  });

  it('deletes the links left with no hit in CLICK_RETAIN_DAYS, and makes one again when it is clicked', async () => {
    const test = await appWith({ CLICK_RETAIN_DAYS: '30' });
    await click(test, beacon());
    await click(test, beacon({ target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn' }));
    clock += 31 * 24 * 3_600_000;
    await click(test, beacon());
    const { db } = test.database;
    expect(await purgeOldHits(db, clock, test.app.config.clickRetainDays)).toEqual({ hits: 2, links: 1 });
    expect((await db.selectFrom('click_links').select('target').execute()).map((row) => row.target)).toEqual([`${SITE}/#projects`]);
    // The writer remembered the purged link's id: the hit is stored all the same, on a new link.
    expect((await click(test, beacon({ target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn' }))).json()).toBe(true);
    expect(await db.selectFrom('click_links').select('target').orderBy('id').execute()).toHaveLength(2);
  });
});

describe(`the clicks report on ${testDialect}`, () => {
  it('lists the outside links most followed first, per page, with first and last click; --all adds the site\'s own; CSV is formula-safe', async () => {
    const test = await appWith();
    const outside = beacon({ target: 'https://www.linkedin.com/company/lumina', anchor: '=HYPERLINK("x")' });
    await click(test, outside);
    clock += 60_000;
    await click(test, outside);
    await click(test, beacon({ postID: '0', location: `${SITE}/thank-you/`, target: 'https://www.facebook.com/lumina', anchor: 'Facebook' }));
    await click(test, beacon());
    const { db } = test.database;
    const period = { since: '2026-11-01T00:00:00.000Z', until: '2026-12-01T00:00:00.000Z', siteHostname: 'www.example.co.za' };
    const rows = await clickReport(db, { ...period, includeOwn: false });
    expect(rows).toEqual([
      { page: '12', target: 'https://www.linkedin.com/company/lumina', anchor: '=HYPERLINK("x")', clicks: 2, first: '2026-11-24T08:00:00.000Z', last: '2026-11-24T08:01:00.000Z' },
      { page: `${SITE}/thank-you/`, target: 'https://www.facebook.com/lumina', anchor: 'Facebook', clicks: 1, first: '2026-11-24T08:01:00.000Z', last: '2026-11-24T08:01:00.000Z' },
    ]);
    expect((await clickReport(db, { ...period, includeOwn: true })).map((row) => row.target)).toContain(`${SITE}/#projects`);
    expect(await clickReport(db, { ...period, since: '2026-11-25T00:00:00.000Z', includeOwn: true })).toEqual([]);
    expect(clickReportCsv(rows).split('\r\n')).toEqual([
      'page,target,anchor,clicks,first,last',
      `12,https://www.linkedin.com/company/lumina,"'=HYPERLINK(""x"")",2,2026-11-24T08:00:00.000Z,2026-11-24T08:01:00.000Z`,
      `${SITE}/thank-you/,https://www.facebook.com/lumina,Facebook,1,2026-11-24T08:01:00.000Z,2026-11-24T08:01:00.000Z`,
      '',
    ]);
    expect(formatClickReport(rows, { ...period, includeOwn: false }, 'UTC')).toContain('Link clicks from 2026-11-01 to 2026-12-01');
  });

  it('keeps one line per link in the table, whatever the anchor holds (line breaks, terminal escapes)', () => {
    const row = { page: '12', target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn\n(opens in a new tab)\u001b[2J', clicks: 1, first: '2026-11-24T08:00:00.000Z', last: '2026-11-24T08:00:00.000Z' };
    const table = formatClickReport([row], { since: '2026-11-01T00:00:00.000Z', until: '2026-12-01T00:00:00.000Z', siteHostname: 'www.example.co.za', includeOwn: false }, 'UTC');
    const lines = table.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain('LinkedIn (opens in a new tab)…');
    expect(table).not.toContain('\u001b');
  });
});

describe(`the click hit writer on ${testDialect}`, () => {
  const stores = { 'the store the server uses': hitStoreFor, 'the application connection (PostgreSQL, SQLite in memory)': kyselyHitStore };
  for (const [name, storeFor] of Object.entries(stores)) {
    it(`commits many hits in few transactions: ${name}`, async () => {
      const test = await appWith();
      const writer = createHitWriter(storeFor(test.database.db), { maxBatch: 1000 });
      cleanups.push(() => writer.close());
      const at = new Date(clock).toISOString();
      await Promise.all(Array.from({ length: 3000 }, (_, index) => writer.write({ postId: index % 3, location: `${SITE}/`, target: `${SITE}/#t${index % 7}`, anchor: 'A', clickedAt: at })));
      const { db } = test.database;
      const stored = await db.selectFrom('click_hits').select(db.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(3000);
      expect((await db.selectFrom('click_links').selectAll().execute()).length).toBe(21);
      // Links already made are found again, in a later batch too.
      await writer.write({ postId: 1, location: `${SITE}/`, target: `${SITE}/#t1`, anchor: 'A', clickedAt: at });
      expect((await db.selectFrom('click_links').selectAll().execute()).length).toBe(21);
    });
  }

  it.runIf(testDialect === 'sqlite')('on a SQLite file, commits through a connection of its own, and a write lock held on the application\'s is waited for without stopping the event loop', async () => {
    const test = await appWith();
    const { db } = test.database;
    const writer = createHitWriter(hitStoreFor(db));
    cleanups.push(() => writer.close());
    const hit = { postId: 1, location: `${SITE}/`, target: `${SITE}/#about`, anchor: 'About', clickedAt: new Date(clock).toISOString() };
    await writer.write(hit);
    let ticks = 0;
    let written = false;
    let waiting: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('rate_limits').values({ bucket: 'test', key: 'k', window_start: 0, count: 1 }).execute();
      waiting = writer.write(hit).then(() => (written = true));
      // The hit waits for this transaction's lock while timers keep firing.
      for (let tick = 0; tick < 5; tick += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        ticks += 1;
      }
      expect(written).toBe(false);
    });
    await waiting;
    await writer.write(hit);
    expect(ticks).toBe(5);
    expect(written).toBe(true);
    expect(await db.selectFrom('click_hits').selectAll().execute()).toHaveLength(3);
  });

  it('waits for more hits while they keep arriving, one turn of the event loop at a time, then commits them together', async () => {
    const batches: number[] = [];
    const store: HitStore = {
      store: async (hits: readonly ClickHit[]) => {
        batches.push(hits.length);
        return new Map();
      },
      close: async () => undefined,
    };
    const writer = createHitWriter(store);
    const hit = { postId: 1, location: `${SITE}/`, target: `${SITE}/#about`, anchor: 'About', clickedAt: new Date(clock).toISOString() };
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    // Two, then two more a turn later, then one: a single commit of five.
    const written = [writer.write(hit), writer.write(hit)];
    await nextTurn();
    written.push(writer.write(hit), writer.write(hit));
    await nextTurn();
    written.push(writer.write(hit));
    await Promise.all(written);
    expect(batches).toEqual([5]);
    // A hit on every turn: the commit waits SETTLE_TURNS turns at most.
    batches.length = 0;
    const steady: Array<Promise<void>> = [];
    for (let turn = 0; turn < SETTLE_TURNS * 3; turn += 1) {
      steady.push(writer.write(hit));
      await nextTurn();
    }
    await Promise.all(steady);
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches)).toBeLessThanOrEqual(SETTLE_TURNS + 1);
    await writer.close();
  });

  it('refuses a hit at once when its queue is full, and stores those it took', async () => {
    const test = await appWith();
    const writer = createHitWriter(hitStoreFor(test.database.db), { maxQueue: 10 });
    cleanups.push(() => writer.close());
    const hit = { postId: 1, location: `${SITE}/`, target: `${SITE}/#about`, anchor: 'About', clickedAt: new Date(clock).toISOString() };
    // Hits written in one turn of the event loop wait for one commit: ten fit, the eleventh
    // finds the queue full.
    const taken = Array.from({ length: 10 }, () => writer.write(hit));
    await expect(writer.write(hit)).rejects.toBeInstanceOf(HitQueueFullError);
    await Promise.all(taken);
    expect(await test.database.db.selectFrom('click_hits').selectAll().execute()).toHaveLength(10);
    // Once committed, the queue takes hits again.
    await writer.write(hit);
  });
});
