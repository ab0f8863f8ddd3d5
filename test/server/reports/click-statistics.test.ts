import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkHashOf } from '../../../server/click-tracking/hit-store.ts';
import { clicksPerDay, lastSiteDays, pageLinkTable, sitePeriod, topLinks } from '../../../server/reports/click-statistics.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/test-db.ts';

/*
 * The click reports shared by `npm run clicks`, the console's clicks page and its dashboard
 * (README.md "Click tracking"): days counted in SITE_TIMEZONE, with its day boundaries (a click
 * at 23:30 UTC is the next day in Johannesburg), zeros included; the most followed targets; each
 * page's links with first and last click. On SQLite and on PostgreSQL (TEST_DATABASE_URL).
 */

const JOBURG = 'Africa/Johannesburg';
let test: TestDatabase;

async function link(postId: number, page: string, target: string, anchor: string): Promise<number> {
  const row = await test.db
    .insertInto('click_links')
    .values({ post_id: postId, page_url: page, target, anchor, link_hash: linkHashOf(postId, page, target, anchor), created_at: '2026-10-01T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function hits(linkId: number, ...times: string[]) {
  await test.db.insertInto('click_hits').values(times.map((clicked_at) => ({ link_id: linkId, clicked_at }))).execute();
}

beforeAll(async () => {
  test = await createTestDatabase();
  const linkedin = await link(12, '', 'https://www.linkedin.com/company/lumina', 'LinkedIn');
  const linkedinFooter = await link(12, '', 'https://www.linkedin.com/company/lumina', 'Follow us');
  const linkedinThanks = await link(0, 'https://www.example.co.za/thank-you/', 'https://www.linkedin.com/company/lumina', 'LinkedIn');
  const facebook = await link(12, '', 'https://www.facebook.com/lumina', 'Facebook');
  // 21:59:59.999 UTC on 1 Oct is still 1 Oct in Johannesburg (UTC+2); 22:00 is 2 Oct.
  await hits(linkedin, '2026-10-01T21:59:59.999Z', '2026-10-01T22:00:00.000Z', '2026-10-03T08:00:00.000Z');
  await hits(linkedinFooter, '2026-10-03T09:00:00.000Z');
  await hits(linkedinThanks, '2026-10-03T10:00:00.000Z');
  await hits(facebook, '2026-10-02T12:00:00.000Z', '2026-10-04T21:59:00.000Z');
  // Outside every period asked for below.
  await hits(facebook, '2026-09-30T21:59:59.000Z', '2026-10-04T22:00:00.000Z');
});
afterAll(() => test.cleanup());

describe(`click statistics on ${testDialect}`, () => {
  it('counts clicks per company day, the zone\'s day boundaries and days without clicks included', async () => {
    const period = sitePeriod('2026-10-01', '2026-10-04', JOBURG);
    expect(period).toEqual({ from: '2026-09-30T22:00:00.000Z', to: '2026-10-04T22:00:00.000Z' });
    expect(await clicksPerDay(test.db, { ...period, timeZone: JOBURG })).toEqual([
      { day: '2026-10-01', clicks: 1 },
      { day: '2026-10-02', clicks: 2 },
      { day: '2026-10-03', clicks: 3 },
      { day: '2026-10-04', clicks: 1 },
    ]);
    // The same clicks in UTC fall on other days; a day with none is 0.
    expect(await clicksPerDay(test.db, { ...sitePeriod('2026-10-01', '2026-10-06', 'UTC'), timeZone: 'UTC' })).toEqual([
      { day: '2026-10-01', clicks: 2 },
      { day: '2026-10-02', clicks: 1 },
      { day: '2026-10-03', clicks: 3 },
      { day: '2026-10-04', clicks: 2 },
      { day: '2026-10-05', clicks: 0 },
      { day: '2026-10-06', clicks: 0 },
    ]);
    // One day: no CASE at all.
    expect(await clicksPerDay(test.db, { ...sitePeriod('2026-10-03', '2026-10-03', JOBURG), timeZone: JOBURG })).toEqual([{ day: '2026-10-03', clicks: 3 }]);
  });

  it('keeps the day summer time ends whole (Europe/London, 25 Oct 2026 has 25 hours)', async () => {
    const london = sitePeriod('2026-10-25', '2026-10-26', 'Europe/London');
    expect(london).toEqual({ from: '2026-10-24T23:00:00.000Z', to: '2026-10-27T00:00:00.000Z' });
    expect((await clicksPerDay(test.db, { ...london, timeZone: 'Europe/London' })).map((day) => day.day)).toEqual(['2026-10-25', '2026-10-26']);
  });

  it('names the last 30 or 90 company days, today included', () => {
    // 23:30 UTC on 31 Oct is already 1 Nov in Johannesburg.
    expect(lastSiteDays(30, Date.parse('2026-10-31T23:30:00.000Z'), JOBURG)).toEqual({
      fromDay: '2026-10-03',
      toDay: '2026-11-01',
      from: '2026-10-02T22:00:00.000Z',
      to: '2026-11-01T22:00:00.000Z',
    });
    expect(lastSiteDays(90, Date.parse('2026-10-31T12:00:00.000Z'), JOBURG).fromDay).toBe('2026-08-03');
  });

  it('lists the most followed targets with their anchors and pages, most clicks first, up to the limit', async () => {
    const period = sitePeriod('2026-10-01', '2026-10-04', JOBURG);
    expect(await topLinks(test.db, { ...period, limit: 5 })).toEqual([
      { target: 'https://www.linkedin.com/company/lumina', anchors: ['LinkedIn', 'Follow us'], pages: ['12', 'https://www.example.co.za/thank-you/'], clicks: 5 },
      { target: 'https://www.facebook.com/lumina', anchors: ['Facebook'], pages: ['12'], clicks: 2 },
    ]);
    expect((await topLinks(test.db, { ...period, limit: 1 })).map((top) => top.target)).toEqual(['https://www.linkedin.com/company/lumina']);
  });

  it('gives each page its links with anchor, target, clicks, first and last click', async () => {
    expect(await pageLinkTable(test.db, sitePeriod('2026-10-01', '2026-10-04', JOBURG))).toEqual([
      {
        page: '12',
        clicks: 6,
        links: [
          { target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn', clicks: 3, first: '2026-10-01T21:59:59.999Z', last: '2026-10-03T08:00:00.000Z' },
          { target: 'https://www.facebook.com/lumina', anchor: 'Facebook', clicks: 2, first: '2026-10-02T12:00:00.000Z', last: '2026-10-04T21:59:00.000Z' },
          { target: 'https://www.linkedin.com/company/lumina', anchor: 'Follow us', clicks: 1, first: '2026-10-03T09:00:00.000Z', last: '2026-10-03T09:00:00.000Z' },
        ],
      },
      {
        page: 'https://www.example.co.za/thank-you/',
        clicks: 1,
        links: [{ target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn', clicks: 1, first: '2026-10-03T10:00:00.000Z', last: '2026-10-03T10:00:00.000Z' }],
      },
    ]);
    expect(await pageLinkTable(test.db, sitePeriod('2026-11-01', '2026-11-30', JOBURG))).toEqual([]);
  });
});
