import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICK_REPORTS_ERROR, CLICK_REPORTS_ROUTE } from '../../../src/validation/click-tracking/click-reports.protocol.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { addPerson, consoleHeaders, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// An attack found in review (issue 28): a staff member asks the clicks page for a one-day range in a
// year with three digits (0100-0999). isCalendarDay takes it, but siteToday formats the year
// unpadded ("999-01-01 "), so clicksPerDay's `day <= lastDay` string loop never meets its end:
// it walks millions of days to year 10000 and then throws (a CPU-bound request and a 500).

let test: TestApp;
let staff: TestPerson;
beforeAll(async () => {
  test = await createTestApp({ SITE_URL: 'https://www.example.co.za' }, { now: () => Date.parse('2026-10-31T12:00:00.000Z') });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
});
afterAll(() => test.cleanup());

describe('the clicks range', () => {
  it('answers a one-day range in year 0999 quickly, as one day or a 400, never a runaway loop', async () => {
    const started = performance.now();
    const response = await test.app.inject({ url: `${CONSOLE_API}${CLICK_REPORTS_ROUTE.summary}?from=0999-01-01&to=0999-01-01`, headers: consoleHeaders(test.app, staff.cookie) });
    const ms = performance.now() - started;
    console.log(`year 0999: ${response.statusCode} after ${Math.round(ms)} ms`, response.body.slice(0, 200));
    if (response.statusCode === 400) expect(response.json()).toMatchObject({ code: CLICK_REPORTS_ERROR.invalidRange });
    else {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().perDay).toHaveLength(1);
    }
  }, 60_000);
});
