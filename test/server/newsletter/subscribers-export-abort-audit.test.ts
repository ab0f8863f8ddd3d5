import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { SUBSCRIBERS_ROUTE } from '../../../src/validation/newsletter/subscribers.protocol.ts';
import { addPerson, consoleHeaders, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// An attack found in review (issue 28): the subscribers' export is audited only after its last row was
// read (subscribers.route.ts: `done(rows)` after the last batch). Someone with an owner's
// session reads the personal data and drops the connection before the end: most of the list
// leaves, and the audit log shows no export at all.

let test: TestApp;
let owner: TestPerson;
const SUBSCRIBERS = 40_000;

beforeAll(async () => {
  test = await createTestApp({ SITE_URL: 'http://127.0.0.1' }, {});
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  const at = new Date().toISOString();
  const rows = Array.from({ length: SUBSCRIBERS }, (_, index) => ({
    email: `person-${index}@example.co.za`,
    status: 'subscribed' as const,
    lists: '[2]',
    sms: '+27825550123',
    attributes: JSON.stringify({ FIRSTNAME: `Person number ${index} with a longer first name`, LASTNAME: 'Somebody-with-a-long-family-name' }),
    dates: '{}',
    form_id: 1,
    created_at: at,
    updated_at: at,
    confirmed_at: at,
    unsubscribed_at: null,
    confirmation_sent_at: null,
  }));
  for (let start = 0; start < rows.length; start += 500) await test.app.db.insertInto('newsletter_subscribers').values(rows.slice(start, start + 500)).execute();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => test.cleanup());

describe('the subscribers export audit', () => {
  it('audits an export whose download the client broke off after receiving subscribers', async () => {
    const address = test.app.server.address() as { port: number };
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}${CONSOLE_API}${SUBSCRIBERS_ROUTE.exportSpreadsheet}`, {
      headers: { ...consoleHeaders(test.app, owner.cookie), origin: 'http://127.0.0.1' },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let received = '';
    while (received.split('\n').length < 1000) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    abort.abort();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const leaked = received.split('\n').filter((line) => line.startsWith('person-')).length;
    const audit = await test.app.db.selectFrom('console_audit').select(['action', 'subject', 'detail']).where('action', '=', 'export').execute();
    console.log(`${leaked} subscribers received, ${audit.length} export audited`);
    expect(leaked).toBeGreaterThan(500);
    expect(audit).toMatchObject([{ action: 'export', subject: 'subscribers' }]);
    // The rows that left, and that the download did not end.
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ kind: 'spreadsheet', interrupted: true });
    expect(JSON.parse(audit[0]!.detail).rows).toBeGreaterThanOrEqual(500);
  }, 120_000);
});
