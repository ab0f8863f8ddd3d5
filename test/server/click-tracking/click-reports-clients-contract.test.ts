import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart.ts';
import { createClickReportsClient } from '../../../src/services/click-tracking/click-reports.client.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CLICK_REPORTS_ERROR } from '../../../src/validation/click-tracking/click-reports.protocol.ts';
import { addPerson, consoleHeaders, type TestPerson } from '../helpers/console-people.ts';
import { injectingFetch } from '../helpers/injecting-fetch.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * The clicks page's browser client (src/services/click-tracking/click-reports.client.ts) against
 * the real routes, signed in as staff (the page is for both roles): a click made through Track
 * The Click's beacon route shows in the summary of every range form, the CSV link downloads it,
 * and a range the server refuses arrives as a ConsoleApiError with its code and field.
 */

const SITE = 'https://www.example.co.za';
let clock = Date.parse('2026-10-15T08:00:00.000Z');
let test: TestApp;
let staff: TestPerson;

beforeAll(async () => {
  test = await createTestApp({ SITE_URL: SITE }, { now: () => clock });
});
afterAll(() => test.cleanup());

async function click(fields: Record<string, string>) {
  const body = await multipartBody(fields);
  const response = await test.app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/1', payload: body.payload, headers: { 'content-type': body.contentType } });
  expect(response.statusCode, response.body).toBe(200);
}

describe(`the clicks page's client against the server on ${testDialect}`, () => {
  it('reads the summary of each kind of range, downloads the CSV, and gets refusals with their field', async () => {
    await click({ postID: '12', location: `${SITE}/`, anchor: 'LinkedIn', target: 'https://www.linkedin.com/company/lumina' });
    // Five days later (the session is made then: an idle one would have ended).
    clock = Date.parse('2026-10-20T08:00:00.000Z');
    staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
    const client = createClickReportsClient(createConsoleApi({ baseUrl: SITE, fetch: injectingFetch(test.app, staff) }));
    for (const range of [{ kind: 'days', days: '30' }, { kind: 'days', days: '90' }, { kind: 'dates', from: '2026-10-15', to: '2026-10-15' }] as const) {
      const summary = await client.summary(range);
      expect(summary.total, JSON.stringify(range)).toBe(1);
      expect(summary.topLinks[0]).toEqual({ target: 'https://www.linkedin.com/company/lumina', anchors: ['LinkedIn'], pages: [`${SITE}/`], clicks: 1 });
      expect(summary.pages[0]?.page).toBe(`${SITE}/`);
    }
    const url = new URL(client.exportUrl({ kind: 'dates', from: '2026-10-01', to: '2026-10-31' }));
    expect(url.search).toBe('?from=2026-10-01&to=2026-10-31');
    const csv = await test.app.inject({ url: `${url.pathname}${url.search}`, headers: consoleHeaders(test.app, staff.cookie) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${SITE}/,https://www.linkedin.com/company/lumina,LinkedIn,1,2026-10-15T08:00:00.000Z,2026-10-15T08:00:00.000Z`);
    const refused = await client.summary({ kind: 'dates', from: '2026-10-31', to: '2026-10-01' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleApiError);
    expect(refused).toMatchObject({ code: CLICK_REPORTS_ERROR.invalidRange, status: 400, field: 'to', isSignedOut: false });
  });
});
