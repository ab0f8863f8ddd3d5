import { afterEach, describe, expect, it } from 'vitest';
import { homeNewsletterForm } from '../../support/site-content.ts';
import { createNewsletterClient } from '../../../src/services/newsletter/newsletter-api.client.ts';
import { fetchNonce, homeFields, testNewsletterForms, urlencoded, type NewsletterFields } from '../helpers/newsletter-requests.ts';
import { DEFAULT_USER_AGENT } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { fetchAsVisitor } from '../helpers/visitor-cookie.ts';

/*
 * The answers as the Brevo plugin's front-end script reads them, over real HTTP, on every run
 * (brevo-plugin-script.test.ts runs the script itself where it is at hand): `msg` an object
 * keyed by the notice for the form's statuses (`data.msg.successMsg`, `.errorMsg`,
 * `.invalidMsg`, `.existMsg`), the notice itself for the captcha statuses (`data.msg`); the
 * country list for the page's one nonce, the digits of the dial code in `data-dial-code` (the
 * script writes `'+' + dial_code`). And our own client reading the same answers into the
 * text it shows.
 */

let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
});

/** The running app's fetch, with the visitor cookie its nonces pair with. */
function visitorFetch(): typeof fetch {
  if (testApp === undefined) throw new Error('No app is listening.');
  return fetchAsVisitor(testApp.app);
}

async function listening(env: Record<string, string> = {}): Promise<{ base: string; nonce: string }> {
  testApp = await createTestApp(env, { newsletterForms: testNewsletterForms });
  const base = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { base, nonce: await fetchNonce(testApp.app, 'sib_subscribe') };
}

/** A POST as jQuery sends it: urlencoded, `X-Requested-With`, the body's JSON returned as parsed. */
async function post(base: string, path: string, fields: NewsletterFields): Promise<{ status: number; type: string; body: string }> {
  const response = await visitorFetch()(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'x-requested-with': 'XMLHttpRequest', 'user-agent': DEFAULT_USER_AGENT },
    body: urlencoded(fields),
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

const entries = (fields: NewsletterFields): Array<[string, string]> =>
  Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value.map((item): [string, string] => [name, item]) : [[name, value]]));

const { messages } = homeNewsletterForm;

describe(`the sign-up's answers in the Brevo plugin's shapes, on ${testDialect}`, () => {
  it.each([
    ['success', {}, 200, { successMsg: messages.success }, messages.success],
    ['invalid', { email: 'thandi@example.technology' }, 200, { invalidMsg: messages.invalid }, messages.invalid],
    ['failure', { consent: '' }, 200, { errorMsg: messages.failure }, messages.failure],
    ['failure (an expired nonce)', { security: 'abcdefghijklmnopqrstuv' }, 403, { errorMsg: 'This form has expired. Reload the page and try again.' }, 'This form has expired. Reload the page and try again.'],
  ])('%s: msg is the object the script reads, and our client shows its text', async (_status, overrides, httpStatus, msg, shown) => {
    const { base, nonce } = await listening();
    const fields = homeFields(nonce, overrides);
    const raw = await post(base, homeNewsletterForm.action, fields);
    expect(raw.status).toBe(httpStatus);
    expect(raw.type).toMatch(/^application\/json/);
    expect((JSON.parse(raw.body) as { msg: unknown }).msg).toEqual(msg);

    const client = createNewsletterClient({ baseUrl: `${base}/`, fetch: visitorFetch() });
    // The same sign-up again: the answer is the same for a known address.
    const answer = await client.subscribe(homeNewsletterForm.action, entries(fields));
    expect([answer.httpStatus, answer.message]).toEqual([httpStatus, shown]);
  });

  it('gcaptchaEmpty: msg is the notice itself, a string, and our client shows it', async () => {
    const { base, nonce } = await listening({ RECAPTCHA_SITE_KEY: '6LcTestSiteKey', RECAPTCHA_SECRET: '6LcTestSecret' });
    const fields = homeFields(nonce);
    const raw = await post(base, homeNewsletterForm.action, fields);
    expect(JSON.parse(raw.body)).toEqual({ status: 'gcaptchaEmpty', msg: messages.captchaEmpty, redirect: '', turnstileCaptcha: false });
    const answer = await createNewsletterClient({ baseUrl: `${base}/`, fetch: visitorFetch() }).subscribe(homeNewsletterForm.action, entries(fields));
    expect([answer.status, answer.message]).toEqual(['gcaptchaEmpty', messages.captchaEmpty]);
  });

  it("answers the country list for the sign-up's nonce, each item's dial code as digits the script puts a + before", async () => {
    const { base, nonce } = await listening();
    const raw = await post(base, '/wp-admin/admin-ajax.php', { action: 'sib_get_country_prefix', security: nonce });
    expect(raw.status).toBe(200);
    const codes = [...raw.body.matchAll(/data-dial-code="([^"]*)"/g)].map((match) => match[1]);
    expect(codes.length).toBeGreaterThan(200);
    expect(codes.every((code) => /^[0-9]{1,4}$/.test(code ?? ''))).toBe(true);
    const southAfrica = /<li [^>]*data-country-code="za"[^>]*data-dial-code="([^"]*)"/.exec(raw.body);
    expect(`+${southAfrica?.[1] ?? ''}`).toBe('+27');
    // Our own client's list, with its own nonce action, is the same answer.
    const client = createNewsletterClient({ baseUrl: `${base}/`, fetch: visitorFetch() });
    expect(await client.countryPrefixList(await client.nonce('sib_country_prefix'))).toBe(raw.body);
  });
});
