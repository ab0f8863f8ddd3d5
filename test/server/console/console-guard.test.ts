import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { consoleRoute, signedIn } from '../../../server/console/console-guard.ts';
import { SESSION_MAX_MS } from '../../../server/console/console-sessions.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, sessionCookieFor, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The checks every console route makes (server/console/console-guard.ts), on a route of the test's own.
describe('console guard', () => {
  let test: TestApp;
  let owner: TestPerson;
  let staff: TestPerson;
  beforeAll(async () => {
    test = await createTestApp();
    test.app.get('/admin/api/test/whoami', consoleRoute('staff'), async (request) => ({ email: signedIn(request).person.email }));
    test.app.post('/admin/api/test/owner-only', consoleRoute('owner'), async () => ({ ok: true }));
    test.app.post('/admin/api/test/open', consoleRoute(null), async () => ({ ok: true }));
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  });
  afterAll(() => test.cleanup());

  it('answers a live session, no-store and noindex', async () => {
    const response = await test.app.inject({ url: '/admin/api/test/whoami', headers: consoleHeaders(test.app, staff.cookie) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'staff@example.co.za' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('marks an answer by the route it matched, however its path is spelled (issue 40, part 7)', async () => {
    // An attacker's link (or a cache in between) spelling the path another way must not get a
    // console answer without its no-store and noindex.
    for (const url of ['/admin/%61pi/test/whoami', '/%61dmin/api/test/whoami', '/admin/api%2Ftest/whoami', '/admin//api/test/whoami']) {
      const response = await test.app.inject({ url, headers: consoleHeaders(test.app, staff.cookie) });
      if (response.statusCode === 200) expect(response.json(), url).toEqual({ email: 'staff@example.co.za' });
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    const page = await test.app.inject({ url: '/%61dmin/', headers: { cookie: staff.cookie } });
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('takes a GET without Origin (a link, a download) but not one another site made', async () => {
    const link = await test.app.inject({ url: '/admin/api/test/whoami', headers: { cookie: staff.cookie } });
    expect(link.statusCode).toBe(200);
    const sameSite = await test.app.inject({ url: '/admin/api/test/whoami', headers: { cookie: staff.cookie, 'sec-fetch-site': 'same-site' } });
    expect(sameSite.statusCode).toBe(403);
  });

  it('refuses every way a route must', async () => {
    await expectConsoleRefusals(test.app, { method: 'GET', url: '/admin/api/test/whoami', role: 'staff' }, { owner, staff });
    await expectConsoleRefusals(test.app, { method: 'POST', url: '/admin/api/test/owner-only', role: 'owner', body: {} }, { owner, staff });
  });

  it('answers an unknown console API path with a JSON 404, not the site\'s 404 page', async () => {
    const response = await test.app.inject({ url: '/admin/api/no-such-thing', headers: consoleHeaders(test.app) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: CONSOLE_REFUSAL.notFound });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ends a session 12 hours after sign-in however busy', async () => {
    const old = await sessionCookieFor(test.app, owner.id, test.app.clock() - SESSION_MAX_MS - 1);
    // Keep it from looking idle: last seen now.
    await test.app.db.updateTable('console_sessions').set({ last_seen_at: new Date(test.app.clock()).toISOString() }).where('person_id', '=', owner.id).where('created_at', '<', new Date(test.app.clock() - SESSION_MAX_MS).toISOString()).execute();
    const response = await test.app.inject({ url: '/admin/api/test/whoami', headers: consoleHeaders(test.app, old) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(CONSOLE_REFUSAL.sessionExpired);
  });

  it('checks origin and JSON on routes before sign-in', async () => {
    const foreign = await test.app.inject({ method: 'POST', url: '/admin/api/test/open', headers: { origin: 'https://attacker.example', 'content-type': 'application/json' }, payload: '{}' });
    expect(foreign.statusCode).toBe(403);
    const form = await test.app.inject({ method: 'POST', url: '/admin/api/test/open', headers: { ...consoleHeaders(test.app), 'content-type': 'text/plain' }, payload: '{}' });
    expect(form.statusCode).toBe(415);
    const ok = await test.app.inject({ method: 'POST', url: '/admin/api/test/open', headers: { ...consoleHeaders(test.app), 'content-type': 'application/json' }, payload: '{}' });
    expect(ok.statusCode).toBe(200);
  });
});
