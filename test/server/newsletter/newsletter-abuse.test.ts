import { afterEach, describe, expect, it } from 'vitest';
import { homeNewsletterForm } from '../../support/site-content.ts';
import { fetchNonce, homeFields, postSubscribe, subscribeAnswer, testNewsletterForms } from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * The newsletter form as a mail cannon (README.md, "Abuse paths and the limits that stop them"):
 * the requests an attacker sends to make the site mail one inbox, or one domain, again and
 * again, from another site's page, or with a nonce fetched elsewhere.
 */

let testApp: TestApp | undefined;
let clock = Date.parse('2026-11-20T08:00:00.000Z');

afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
  clock = Date.parse('2026-11-20T08:00:00.000Z');
});

async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
  testApp = await createTestApp({ SITE_URL: 'https://www.example.co.za', ...env }, { newsletterForms: testNewsletterForms, now: () => clock });
  await testApp.app.ready();
  return testApp;
}

async function mailsTo(test: TestApp): Promise<string[]> {
  const rows = await test.database.db.selectFrom('outbox').select('to_address').orderBy('id').execute();
  return rows.map((row) => row.to_address);
}

const success = { status: 'success', msg: { successMsg: homeNewsletterForm.messages.success }, redirect: '', turnstileCaptcha: false };

describe(`newsletter abuse on ${testDialect}`, () => {
  it('mails one inbox once in 10 minutes and three times a day, however its address is spelled (+tag, dots, case, googlemail.com)', async () => {
    const test = await appWith();
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    const spellings = ['target@gmail.com', 'target+1@gmail.com', 't.a.rget@gmail.com', 'TARGET+news@googlemail.com', 'Tar.Get+x@GMAIL.com'];
    for (const email of spellings) {
      const response = await postSubscribe(test.app, homeFields(nonce, { email }));
      expect(response.statusCode).toBe(200);
      expect(subscribeAnswer(response)).toEqual(success);
      clock += 10_000;
    }
    // Five spellings within a minute: one mail.
    expect(await mailsTo(test)).toEqual(['target@gmail.com']);
    // Tries 10 minutes apart and more through the day: three mails in all.
    const start = Date.parse('2026-11-20T08:00:00.000Z');
    for (const [minutes, email] of [[10, 'target+2@gmail.com'], [20, 'ta.rget@googlemail.com'], [30, 'target@gmail.com'], [12 * 60, 'TARGET@gmail.com']] as const) {
      clock = start + minutes * 60 * 1000;
      expect(subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email })))).toEqual(success);
    }
    expect(await mailsTo(test)).toEqual(['target@gmail.com', 'target+2@gmail.com', 'ta.rget@googlemail.com']);
    clock = start + 24 * 60 * 60 * 1000;
    expect(subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email: 't.arget@gmail.com' }))).status).toBe('success');
    expect(await mailsTo(test)).toHaveLength(4);
  });

  it('does not mail an address again at once after it unsubscribed', async () => {
    const test = await appWith();
    const fields = homeFields(await fetchNonce(test.app, 'sib_subscribe'));
    await postSubscribe(test.app, fields);
    await test.database.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed', unsubscribed_at: new Date(clock + 100).toISOString() }).execute();
    clock += 130;
    expect(subscribeAnswer(await postSubscribe(test.app, fields))).toEqual(success);
    expect(await mailsTo(test)).toHaveLength(1);
  });

  it('mails one domain at most NEWSLETTER_DOMAIN_MAIL_LIMIT times an hour', async () => {
    const test = await appWith({ NEWSLETTER_DOMAIN_MAIL_LIMIT: '3/1h' });
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      expect(subscribeAnswer(await postSubscribe(test.app, homeFields(nonce, { email: `${name}@victim.example` })))).toEqual(success);
    }
    expect(await mailsTo(test)).toEqual(['a@victim.example', 'b@victim.example', 'c@victim.example']);
    // The refused sign-ups spent nothing of their mailboxes' share.
    clock += 60 * 60 * 1000;
    await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email: 'd@victim.example' }));
    expect((await mailsTo(test)).at(-1)).toBe('d@victim.example');
  });

  it('leaves a mailbox refused for its domain\'s sake its whole share: 10 minutes apart and three a day are counted from its own mails', async () => {
    const test = await appWith({ NEWSLETTER_DOMAIN_MAIL_LIMIT: '1/1m' });
    const start = clock;
    const signUpAt = async (seconds: number, email: string) => {
      clock = start + seconds * 1000;
      expect(subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email })))).toEqual(success);
    };
    await signUpAt(0, 'a@victim.example');
    await signUpAt(10, 'b@victim.example');
    expect(await mailsTo(test)).toEqual(['a@victim.example']);
    // The domain's minute is over: b's refused try spent neither its spacing nor its day.
    await signUpAt(70, 'b@victim.example');
    expect(await mailsTo(test)).toHaveLength(2);
    await signUpAt(70 + 600, 'b@victim.example');
    await signUpAt(70 + 1200, 'b@victim.example');
    expect(await mailsTo(test)).toEqual(['a@victim.example', 'b@victim.example', 'b@victim.example', 'b@victim.example']);
    await signUpAt(70 + 1800, 'b@victim.example');
    expect(await mailsTo(test)).toHaveLength(4);
  });

  it('refuses a sign-up posted from another site (Origin, Sec-Fetch-Site) with 403 and the plugin-shaped answer', async () => {
    const test = await appWith();
    const fields = homeFields(await fetchNonce(test.app, 'sib_subscribe'));
    const attacks: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
    for (const headers of attacks) {
      const response = await postSubscribe(test.app, fields, { headers });
      expect(response.statusCode).toBe(403);
      expect(subscribeAnswer(response)).toMatchObject({ status: 'failure', code: 'cross_site_request' });
    }
    expect(await mailsTo(test)).toEqual([]);
    const own = await postSubscribe(test.app, fields, { headers: { origin: 'https://www.example.co.za', 'sec-fetch-site': 'same-origin' } });
    expect(subscribeAnswer(own)).toEqual(success);
  });

  it('refuses a nonce that came with another browser\'s cookie, or without one', async () => {
    const test = await appWith();
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    const fields = homeFields(nonce);
    const without = await postSubscribe(test.app, fields, { headers: { cookie: '' } });
    expect(without.statusCode).toBe(403);
    expect(subscribeAnswer(without)).toMatchObject({ status: 'failure', code: 'sib_invalid_nonce' });
    const other = await test.app.inject({ url: '/wp-json/site/v1/nonce/sib_subscribe' });
    const otherCookie = String(other.headers['set-cookie']).split(';')[0] ?? '';
    const elsewhere = await postSubscribe(test.app, fields, { headers: { cookie: otherCookie } });
    expect(elsewhere.statusCode).toBe(403);
    expect(await mailsTo(test)).toEqual([]);
  });
});
