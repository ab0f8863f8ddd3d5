import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkHashOf } from '../../../server/click-tracking/hit-store.ts';
import { CLICK_REPORTS_ERROR, CLICK_REPORTS_ROUTE, ClicksSummaryStruct, type ClicksSummary } from '../../../src/validation/click-tracking/click-reports.protocol.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

// The console's clicks page routes (server/click-tracking/click-reports.route.ts), through the
// real app: the range (last 30 or 90 company days, or two dates) and its refusals, the summary
// with pages named by their address, the CSV export streamed and audited, for both roles.

const SITE = 'https://www.example.co.za';
// 23:30 UTC on 31 Oct is already 1 Nov in Johannesburg (SITE_TIMEZONE's default).
const clock = Date.parse('2026-10-31T23:30:00.000Z');
let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;

async function link(postId: number, page: string, target: string, anchor: string, ...times: string[]) {
  const { id } = await test.app.db
    .insertInto('click_links')
    .values({ post_id: postId, page_url: page, target, anchor, link_hash: linkHashOf(postId, page, target, anchor), created_at: '2026-08-01T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await test.app.db.insertInto('click_hits').values(times.map((clicked_at) => ({ link_id: id, clicked_at }))).execute();
}

beforeAll(async () => {
  test = await createTestApp({ SITE_URL: SITE }, { now: () => clock });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  await link(12, '', 'https://www.linkedin.com/company/lumina', 'LinkedIn', '2026-10-31T22:30:00.000Z', '2026-10-20T08:00:00.000Z', '2026-08-10T08:00:00.000Z');
  await link(12, '', 'https://www.linkedin.com/company/lumina', '=HYPERLINK("x")', '2026-10-21T08:00:00.000Z');
  await link(0, `${SITE}/thank-you/`, 'https://www.facebook.com/lumina', 'Facebook', '2026-10-02T21:59:00.000Z');
  // A content id the build no longer has keeps its id.
  await link(99, '', 'https://www.youtube.com/@lumina', 'YouTube', '2026-10-25T08:00:00.000Z');
});
afterAll(() => test.cleanup());

async function get(query: string, person: TestPerson = staff) {
  return test.app.inject({ url: `${CONSOLE_API}${CLICK_REPORTS_ROUTE.summary}${query}`, headers: consoleHeaders(test.app, person.cookie) });
}
async function summary(query: string, person?: TestPerson): Promise<ClicksSummary> {
  const response = await get(query, person);
  expect(response.statusCode, response.body).toBe(200);
  expect(is(response.json(), ClicksSummaryStruct)).toBe(true);
  return response.json();
}

describe(`the clicks page routes on ${testDialect}`, () => {
  it('answers the last 30 company days by default: every day, the most followed links, each page by its address', async () => {
    const last30 = await summary('');
    expect(last30.range).toEqual({ from: '2026-10-03', to: '2026-11-01', days: '30' });
    expect(last30.perDay).toHaveLength(30);
    expect(last30.perDay.at(-1)).toEqual({ day: '2026-11-01', clicks: 1 });
    expect(last30.perDay.find((day) => day.day === '2026-10-20')).toEqual({ day: '2026-10-20', clicks: 1 });
    expect(last30.total).toBe(4);
    expect(last30.topLinks).toEqual([
      { target: 'https://www.linkedin.com/company/lumina', anchors: ['LinkedIn', '=HYPERLINK("x")'], pages: [`${SITE}/`], clicks: 3 },
      { target: 'https://www.youtube.com/@lumina', anchors: ['YouTube'], pages: ['99'], clicks: 1 },
    ]);
    expect(last30.pages.map((page) => [page.page, page.clicks, page.links.length])).toEqual([
      [`${SITE}/`, 3, 2],
      ['99', 1, 1],
    ]);
    expect(last30.pages[0]!.links[0]).toEqual({ target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn', clicks: 2, first: '2026-10-20T08:00:00.000Z', last: '2026-10-31T22:30:00.000Z' });
  });

  it('answers the last 90 days and two dates, for staff and the owner alike', async () => {
    const last90 = await summary('?days=90', owner);
    expect(last90.range).toEqual({ from: '2026-08-04', to: '2026-11-01', days: '90' });
    expect(last90.total).toBe(6);
    // 2 Oct 21:59 UTC is 2 Oct 23:59 in Johannesburg.
    const october = await summary('?from=2026-10-02&to=2026-10-02');
    expect(october).toMatchObject({ range: { from: '2026-10-02', to: '2026-10-02', days: null }, total: 1, perDay: [{ day: '2026-10-02', clicks: 1 }] });
    expect(october.pages).toEqual([{ page: `${SITE}/thank-you/`, clicks: 1, links: [expect.objectContaining({ anchor: 'Facebook' })] }]);
  });

  it('refuses a bad range with 400 clicks_invalid_range naming the field, and says what is wrong', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['?days=7', 'days', /last 30 or the last 90 days/],
      ['?days=30&from=2026-10-01&to=2026-10-02', 'days', /not both/],
      ['?to=2026-10-02', 'from', /first day/],
      ['?from=2026-10-01', 'to', /last day/],
      ['?from=2026-02-30&to=2026-03-01', 'from', /real date/],
      ['?from=2026-10-01&to=1%20Oct', 'to', /real date/],
      ['?from=2026-10-02&to=2026-10-01', 'to', /before the first day/],
      ['?from=2025-01-01&to=2026-10-01', 'to', /at most 366 days; this one is 639/],
      ['?from=2026-10-01&to=2026-10-02&x=1', 'x', /not valid/],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: CLICK_REPORTS_ERROR.invalidRange, data: { status: 400, field } });
      expect(response.json().message, query).toMatch(message);
    }
  });

  it('exports the range as formula-safe CSV, streamed as a download, and audits the export', async () => {
    const response = await test.app.inject({ url: `${CONSOLE_API}${CLICK_REPORTS_ROUTE.exportCsv}?from=2026-10-01&to=2026-10-31`, headers: consoleHeaders(test.app, staff.cookie) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="clicks-2026-10-01-to-2026-10-31.csv"');
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFpage,target,anchor,clicks,first,last',
      `${SITE}/,https://www.linkedin.com/company/lumina,"'=HYPERLINK(""x"")",1,2026-10-21T08:00:00.000Z,2026-10-21T08:00:00.000Z`,
      `${SITE}/,https://www.linkedin.com/company/lumina,LinkedIn,1,2026-10-20T08:00:00.000Z,2026-10-20T08:00:00.000Z`,
      '99,https://www.youtube.com/@lumina,YouTube,1,2026-10-25T08:00:00.000Z,2026-10-25T08:00:00.000Z',
      `${SITE}/thank-you/,https://www.facebook.com/lumina,Facebook,1,2026-10-02T21:59:00.000Z,2026-10-02T21:59:00.000Z`,
      '',
    ]);
    const audit = await test.app.db.selectFrom('console_audit').selectAll().where('action', '=', 'export').where('subject', '=', 'clicks').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ from: '2026-10-01', to: '2026-10-31', days: null, rows: 4 });
    const bad = await test.app.inject({ url: `${CONSOLE_API}${CLICK_REPORTS_ROUTE.exportCsv}?days=1`, headers: consoleHeaders(test.app, staff.cookie) });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses every route without a live session, from another origin, for a revoked person', async () => {
    for (const path of [CLICK_REPORTS_ROUTE.summary, CLICK_REPORTS_ROUTE.exportCsv]) {
      await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}${path}`, role: 'staff' }, { owner, staff });
    }
  });
});
