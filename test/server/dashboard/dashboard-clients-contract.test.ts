import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart.ts';
import { readDashboard } from '../../../src/services/dashboard/dashboard.client.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { injectingFetch } from '../helpers/injecting-fetch.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * The dashboard's browser client (src/services/dashboard/dashboard.client.ts) against the real
 * route, signed in as staff (the dashboard is for both roles): a message and a click made today
 * show in its tiles, the answer passes the protocol's struct, and a visitor without a session
 * gets a ConsoleApiError that says so.
 */

const SITE = 'https://www.example.co.za';
// Thursday 26 Nov 2026, 10:00 in Johannesburg.
const clock = Date.parse('2026-11-26T08:00:00.000Z');
let test: TestApp;
let staff: TestPerson;

beforeAll(async () => {
  test = await createTestApp({ SITE_URL: SITE }, { now: () => clock });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
});
afterAll(() => test.cleanup());

describe(`the dashboard's client against the server on ${testDialect}`, () => {
  it('reads the four tiles, and a signed-out visitor is told so', async () => {
    const body = await multipartBody({ postID: '12', location: `${SITE}/`, anchor: 'LinkedIn', target: 'https://www.linkedin.com/company/lumina' });
    const beacon = await test.app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/1', payload: body.payload, headers: { 'content-type': body.contentType } });
    expect(beacon.statusCode, beacon.body).toBe(200);
    await test.app.db
      .insertInto('submissions')
      .values({ form_id: '5', status: 'mail_sent', posted_data: '{}', posted_data_hash: 'x', remote_ip_hash: null, user_agent: null, created_at: new Date(clock).toISOString(), meta: '{}' })
      .execute();

    const dashboard = await readDashboard(createConsoleApi({ baseUrl: SITE, fetch: injectingFetch(test.app, staff) }));
    expect(dashboard.today).toBe('2026-11-26');
    expect(dashboard.messages.thisWeek).toMatchObject({ weekStart: '2026-11-23', total: 1 });
    expect(dashboard.messages.thisWeek.days[3]).toEqual({ day: '2026-11-26', count: 1 });
    expect(dashboard.subscribers).toHaveLength(12);
    expect(dashboard.links.top).toEqual([{ target: 'https://www.linkedin.com/company/lumina', anchor: 'LinkedIn', clicks: 1 }]);
    expect(dashboard.mailHealth.state).toBe('notConfigured');

    const refused = await readDashboard(createConsoleApi({ baseUrl: SITE, fetch: injectingFetch(test.app, { ...staff, cookie: '' }) })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleApiError);
    expect(refused).toMatchObject({ code: CONSOLE_REFUSAL.sessionRequired, status: 401, isSignedOut: true });
  });
});
