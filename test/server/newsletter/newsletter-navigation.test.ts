import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { company, homeNewsletterForm, newsletter } from '../../support/site-content.ts';
import { fetchNonce, homeFields, plainNewsletterForm, postSubscribe, subscribeAnswer, testNewsletterForms, type NewsletterFields } from '../helpers/newsletter-requests.ts';
import { navigationHeaders, scriptHeaders } from '../helpers/form-navigation.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * A newsletter form sent by the browser itself, before its code arrived (README.md, "The
 * newsletter"): the prerendered form has no nonce (nonces are never baked into cacheable HTML),
 * so a POST from the site's own page is taken without one, stored as the script's would be, and
 * answered with 303 to the "signed up" page (or the form's redirect); a sign-up not taken is a
 * page with the notice, the fields to correct and what was sent. Scripts still get the JSON, and
 * still need the nonce.
 */

const SITE = 'https://www.example.co.za';
const { messages } = homeNewsletterForm;

/** The home form as its prerendered HTML posts it: no `security`, no reCAPTCHA token. */
function prerenderedFields(overrides: NewsletterFields = {}): NewsletterFields {
  const { security: _nonce, ...fields } = homeFields('');
  return { ...fields, ...overrides };
}

function expectSafePage(response: LightMyRequestResponse): string {
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body).toMatch(/^<!doctype html>\n<html lang="en">/);
  expect(response.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  return response.body;
}

async function subscriberCount(test: TestApp): Promise<number> {
  const row = await test.database.db.selectFrom('newsletter_subscribers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A navigation POST without a nonce, from `email`, refused: 403, nobody stored, no mail queued. */
async function expectRefused(test: TestApp, email: string, headers: Record<string, string>): Promise<void> {
  const response = await postSubscribe(test.app, prerenderedFields({ email }), { headers });
  expect(response.statusCode, JSON.stringify(headers)).toBe(403);
  expectSafePage(response);
  const { db } = test.database;
  expect(await db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).execute()).toEqual([]);
  expect(await db.selectFrom('outbox').select('id').where('to_address', '=', email).execute()).toEqual([]);
}

/** The headers an old browser sends with a form it posts: no Sec-Fetch-*, an Accept preferring HTML. */
function oldBrowserHeaders(origin: string | null): Record<string, string> {
  const { 'sec-fetch-dest': _dest, 'sec-fetch-mode': _mode, 'sec-fetch-site': _site, 'sec-fetch-user': _user, origin: _origin, ...headers } = navigationHeaders(SITE);
  return origin === null ? headers : { ...headers, origin };
}

describe(`the newsletter form posted by the browser itself, on ${testDialect}`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ SITE_URL: SITE }, { newsletterForms: testNewsletterForms });
    await test.app.ready();
  });

  afterAll(async () => {
    await test.cleanup();
  });

  it('takes the sign-up without a nonce from the site\'s own page, stores it as the script\'s, and sends the visitor to the "signed up" page (303)', async () => {
    const response = await postSubscribe(test.app, prerenderedFields(), { headers: navigationHeaders(SITE) });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/newsletter/signed-up/?form=1');
    const db = test.database.db;
    const subscriber = await db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'thandi.nkosi@example.co.za').executeTakeFirstOrThrow();
    expect(subscriber).toMatchObject({ status: 'pending', sms: '+27825550123', form_id: 1 });
    expect(JSON.parse(subscriber.lists)).toEqual([2, 4]);
    expect(JSON.parse(subscriber.attributes)).toEqual({ FIRSTNAME: 'Thandi' });
    const consent = await db.selectFrom('newsletter_consents').selectAll().where('subscriber_id', '=', subscriber.id).executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ action: 'subscribe', form_id: 1 });
    const mail = await db.selectFrom('outbox').selectAll().where('to_address', '=', 'thandi.nkosi@example.co.za').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(homeNewsletterForm.doubleOptIn?.subject);

    const page = await test.app.inject({ url: '/newsletter/signed-up/?form=1' });
    expect(page.statusCode).toBe(200);
    const html = expectSafePage(page);
    expect(html).toContain('<h1>Thank you for signing up</h1>');
    expect(html).toContain(messages.success);
  });

  it('takes an empty `security` field the same way, and goes to the form\'s own redirect when it has one', async () => {
    const plain = await postSubscribe(
      test.app,
      { email: 'lerato@example.co.za', consent: 'yes', sib_form_action: 'subscribe_form_submit', sib_form_id: '3', security: '' },
      { headers: navigationHeaders(SITE) },
    );
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe(plainNewsletterForm.redirect);
    const stored = await test.database.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'lerato@example.co.za').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'subscribed', form_id: 3 });
  });

  it('answers a sign-up with errors with a page naming each field and showing back what was sent, escaped', async () => {
    const before = await subscriberCount(test);
    const response = await postSubscribe(
      test.app,
      prerenderedFields({ email: 'not-an-address', FIRSTNAME: '<b>Thandi</b> & co', consent: [] }),
      { headers: navigationHeaders(SITE, `${SITE}/projects/`) },
    );
    expect(response.statusCode).toBe(200);
    const html = expectSafePage(response);
    expect(html).toContain('<h1>You are not signed up yet</h1>');
    expect(html).toContain(`<li><strong>E-mail address</strong>: ${messages.invalidEmail}</li>`);
    expect(html).toContain(`<li><strong>Consent</strong>: ${messages.required}</li>`);
    expect(html).toContain('&lt;b&gt;Thandi&lt;/b&gt; &amp; co');
    expect(html).not.toContain('<b>Thandi');
    expect(html).toContain('<dd>Project case studies, Showroom open days and events</dd>');
    expect(html).toContain('<dt><strong>Consent</strong></dt>\n<dd>Not ticked</dd>');
    expect(html).toContain('<a href="/projects/#sib-form-1">Back to the form</a>');
    expect(await subscriberCount(test)).toBe(before);
  });

  it('tells a browser that sends no Origin that the sign-up cannot be taken from it without its scripts, offering the e-mail link and showing what was sent', async () => {
    const { origin: _origin, ...withoutOrigin } = navigationHeaders(SITE);
    const mailto = `mailto:${company.email}?subject=${encodeURIComponent(newsletter.mailto.subject)}`;
    for (const [email, headers] of [['no-origin@example.co.za', withoutOrigin], ['no-origin-old@example.co.za', oldBrowserHeaders(null)]] as const) {
      const response = await postSubscribe(test.app, prerenderedFields({ email, FIRSTNAME: 'Thandi <3' }), { headers });
      expect(response.statusCode).toBe(403);
      const html = expectSafePage(response);
      // Reloading never fixes it: the page does not say the form expired.
      expect(html).not.toContain('This form has expired');
      expect(html).toContain('The sign-up could not be taken from this browser without the page&#39;s scripts');
      expect(html).toContain(`<a href="${mailto.replaceAll('&', '&amp;')}">${newsletter.mailto.label}</a> (${company.email})`);
      expect(html).toContain(`<dd>${email}</dd>`);
      expect(html).toContain('<dd>Thandi &lt;3</dd>');
      expect(html).toContain('<a href="/#sib-form-1">Back to the form</a>');
      await expectRefused(test, email, headers);
    }
    // The address and subject are the live content's: what the owner last published.
    const live = test.app.liveContent;
    const published = live.current;
    live.current = { ...published, company: { ...published.company, email: 'news@example.co.za' }, newsletter: { ...published.newsletter, mailto: { label: 'Write to us', subject: 'Sign me up' } } };
    try {
      const response = await postSubscribe(test.app, prerenderedFields({ email: 'no-origin-live@example.co.za' }), { headers: withoutOrigin });
      expect(response.body).toContain('<a href="mailto:news@example.co.za?subject=Sign%20me%20up">Write to us</a> (news@example.co.za)');
    } finally {
      live.current = published;
    }
  });

  it('takes no sign-up without a nonce unless the browser says it comes from the site\'s own page', async () => {
    const before = await subscriberCount(test);
    const crossSite = await postSubscribe(test.app, prerenderedFields({ email: 'cross@example.co.za' }), {
      headers: { ...navigationHeaders('https://evil.example'), 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expectSafePage(crossSite);
    expect(await subscriberCount(test)).toBe(before);
  });

  it('takes no sign-up without a nonce from Origin null (a sandboxed frame, a privacy-redirected form)', async () => {
    await expectRefused(test, 'null-origin@example.co.za', { ...navigationHeaders(SITE), origin: 'null' });
    await expectRefused(test, 'null-origin-cross@example.co.za', { ...navigationHeaders(SITE), origin: 'null', 'sec-fetch-site': 'cross-site' });
    await expectRefused(test, 'null-origin-old@example.co.za', oldBrowserHeaders('null'));
  });

  it('takes no sign-up without a nonce from the bare host when the site is www', async () => {
    await expectRefused(test, 'bare-host@example.co.za', { ...navigationHeaders('https://example.co.za'), 'sec-fetch-site': 'same-site' });
    await expectRefused(test, 'bare-host-old@example.co.za', oldBrowserHeaders('https://example.co.za'));
  });

  it('takes no sign-up without a nonce from the site\'s Origin when Sec-Fetch-Site says same-site or cross-site', async () => {
    await expectRefused(test, 'same-site@example.co.za', { ...navigationHeaders(SITE), 'sec-fetch-site': 'same-site' });
    await expectRefused(test, 'cross-site@example.co.za', { ...navigationHeaders(SITE), 'sec-fetch-site': 'cross-site' });
  });

  it('takes the sign-up without a nonce from an old browser that sends the site\'s Origin but no Sec-Fetch headers', async () => {
    const response = await postSubscribe(test.app, prerenderedFields({ email: 'old-browser@example.co.za' }), { headers: oldBrowserHeaders(SITE) });
    expect(response.statusCode).toBe(303);
    expect(await test.database.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', 'old-browser@example.co.za').executeTakeFirst()).toEqual({ status: 'pending' });
  });

  it('answers scripts with the JSON as before: a nonce still needed, the same statuses', async () => {
    const noNonce = await postSubscribe(test.app, prerenderedFields({ email: 'script@example.co.za' }), { headers: scriptHeaders(SITE) });
    expect(noNonce.statusCode).toBe(403);
    expect(subscribeAnswer(noNonce)).toMatchObject({ status: 'failure', code: 'sib_invalid_nonce' });
    const invalid = await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email: 'not-an-address' }), { headers: scriptHeaders(SITE) });
    expect(invalid.statusCode).toBe(200);
    expect(subscribeAnswer(invalid)).toEqual({ status: 'invalid', msg: { invalidMsg: messages.invalid }, redirect: '', turnstileCaptcha: false });
    const sent = await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email: 'script@example.co.za' }), { headers: scriptHeaders(SITE) });
    expect(subscribeAnswer(sent)).toEqual({ status: 'success', msg: { successMsg: messages.success }, redirect: '', turnstileCaptcha: false });
  });
});

describe(`the newsletter form posted by the browser itself to a site on its bare host, on ${testDialect}`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ SITE_URL: 'https://example.co.za' }, { newsletterForms: testNewsletterForms });
    await test.app.ready();
  });

  afterAll(async () => {
    await test.cleanup();
  });

  it('takes no sign-up without a nonce from the www subdomain', async () => {
    await expectRefused(test, 'www-host@example.co.za', { ...navigationHeaders(SITE), 'sec-fetch-site': 'same-site' });
    await expectRefused(test, 'www-host-old@example.co.za', oldBrowserHeaders(SITE));
    // From the bare host itself, the same POST is taken.
    const taken = await postSubscribe(test.app, prerenderedFields({ email: 'bare@example.co.za' }), { headers: navigationHeaders('https://example.co.za') });
    expect(taken.statusCode).toBe(303);
  });
});

describe(`the newsletter form posted by the browser itself, with reCAPTCHA, on ${testDialect}`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(
      { SITE_URL: SITE, RECAPTCHA_SITE_KEY: '6LcTestSiteKey', RECAPTCHA_SECRET: '6LcTestSecret', NEWSLETTER_RATE_LIMIT: '1/1m' },
      { newsletterForms: testNewsletterForms },
    );
    await test.app.ready();
  });

  afterAll(async () => {
    await test.cleanup();
  });

  it('answers the missing token as the JSON path does (gcaptchaEmpty), in words, keeping what was sent', async () => {
    const response = await postSubscribe(test.app, prerenderedFields(), { headers: navigationHeaders(SITE) });
    expect(response.statusCode).toBe(200);
    const html = expectSafePage(response);
    expect(html).toContain(messages.captchaEmpty);
    expect(html).toContain('Google reCAPTCHA, a script that had not run in your browser');
    expect(html).toContain('Thandi.Nkosi@Example.co.za');
    expect(await subscriberCount(test)).toBe(0);
  });

  it('answers the rate limit with a page of 429 and its Retry-After', async () => {
    const response = await postSubscribe(test.app, prerenderedFields(), { headers: navigationHeaders(SITE) });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
    // Refused before the body is read: the page says so, rather than showing what it never read.
    const html = expectSafePage(response);
    expect(html).toContain('Too many sign-ups from your address. Please try again in 60 seconds.');
    expect(html).toContain('What you typed did not reach us');
  });
});
