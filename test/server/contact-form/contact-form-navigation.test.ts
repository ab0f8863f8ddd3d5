import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { FormDefinition } from '../../support/site-content.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { navigationHeaders, scriptHeaders } from '../helpers/form-navigation.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';

/*
 * The contact form sent by the browser itself, before its code arrived (README.md, "The contact
 * form"): a sent message is stored as with the script and the visitor goes on to the thank-you
 * page (303); any other outcome is a page saying what happened, naming each field to correct
 * and showing back everything sent. The same POST from the page's script still answers CF7's JSON.
 */

const SITE = 'http://www.example.co.za';
const [contactForm] = testForms as [FormDefinition, ...FormDefinition[]];
/** The contact form with its own thank-you page, and one whose redirect leaves the site. */
const ownPageForm: FormDefinition = { ...contactForm, id: 6, actions: [{ type: 'redirect', url: '/about/', delay: 0, open: 'redirect' }] };
const outsideForm: FormDefinition = {
  ...contactForm,
  id: 7,
  allowedHosts: ['bookings.example.com'],
  actions: [{ type: 'redirect', url: 'https://bookings.example.com/thanks', delay: 0, open: 'redirect' }],
};

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za', SITE_URL: SITE }, { forms: [...testForms, ownPageForm, outsideForm] });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

async function latestSubmission() {
  const { db } = testApp.database;
  return db.selectFrom('submissions').selectAll().orderBy('id', 'desc').executeTakeFirst();
}

async function counts() {
  const { db } = testApp.database;
  const submissions = await db.selectFrom('submissions').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const outbox = await db.selectFrom('outbox').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { submissions: Number(submissions.n), outbox: Number(outbox.n) };
}

function expectSafePage(response: LightMyRequestResponse): string {
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  const html = response.body;
  expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  // The CSP allows no inline script or style.
  expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  return html;
}

describe(`the contact form posted by the browser itself, on ${testDialect}`, () => {
  it('stores a sent message as the script would and sends the visitor to /thank-you/ (303)', async () => {
    const before = await counts();
    const response = await postFeedback(testApp.app, 5, validContactFields({ 'your-name': 'Sipho Dlamini' }), navigationHeaders(SITE));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/thank-you/');
    expect(response.body).toBe('');
    expect(await counts()).toEqual({ submissions: before.submissions + 1, outbox: before.outbox + 1 });
    const submission = await latestSubmission();
    expect(submission).toMatchObject({ form_id: '5', status: 'mail_sent', spam: 0 });
    expect(JSON.parse(submission?.posted_data ?? '{}')).toMatchObject({ 'your-name': 'Sipho Dlamini', 'your-email': 'thandi@example.co.za', 'your-consent': '1' });
    expect(JSON.parse(submission?.meta ?? '{}')).toMatchObject({ url: `${SITE}/` });
  });

  it("goes to the form's own thank-you page when its redirect is a page of the site, else to /thank-you/", async () => {
    const own = await postFeedback(testApp.app, 6, validContactFields({ _wpcf7: '6' }), navigationHeaders(SITE));
    expect(own.statusCode).toBe(303);
    expect(own.headers.location).toBe('/about/');
    const outside = await postFeedback(testApp.app, 7, validContactFields({ _wpcf7: '7' }), navigationHeaders(SITE));
    expect(outside.statusCode).toBe(303);
    expect(outside.headers.location).toBe('/thank-you/');
  });

  it('answers a message with errors with a page naming each field and showing back what was sent, escaped', async () => {
    const emailMessage = answerOf(await postFeedback(testApp.app, 5, validContactFields({ 'your-email': 'not-an-address' }))).invalid_fields[0]?.message ?? '';
    expect(emailMessage).not.toBe('');
    const before = await counts();
    const response = await postFeedback(
      testApp.app,
      5,
      validContactFields({
        'your-name': 'Thandi <script>alert(1)</script>',
        'your-email': 'not-an-address',
        'your-message': 'Line one & "two"\nLine two',
      }),
      navigationHeaders(SITE, `${SITE}/projects/?from=menu`),
    );
    expect(response.statusCode).toBe(200);
    const html = expectSafePage(response);
    expect(html).toContain('<title>Your message was not sent</title>');
    expect(html).toContain('<h1>Your message was not sent</h1>');
    expect(html).toContain(contactForm.messages.validation_error);
    // The field by its label, with its message.
    expect(html).toContain(`<li><strong>Email address</strong>: ${emailMessage}</li>`);
    // Everything sent, escaped, its lines kept.
    expect(html).toContain('Thandi &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('not-an-address');
    expect(html).toContain('Line one &amp; &quot;two&quot;<br>\nLine two');
    expect(html).toContain('<dt><strong>Consent to be contacted</strong></dt>\n<dd>Ticked</dd>');
    // Back to the page it came from, at the form.
    expect(html).toContain('<a href="/projects/?from=menu#wpcf7-f5-p2-o1">Back to the form</a>');
    expect(await counts()).toEqual(before);
  });

  it('links back to the contact section when the Referer is not a page of the site', async () => {
    const response = await postFeedback(testApp.app, 5, validContactFields({ 'your-email': 'x' }), navigationHeaders(SITE, 'https://elsewhere.example/page'));
    expect(response.statusCode).toBe(200);
    expect(expectSafePage(response)).toContain('<a href="/#contact">Back to the form</a>');
  });

  it('never links to another host through a Referer of the site whose path starts with two slashes', async () => {
    for (const path of ['//elsewhere.example/x', '/\\elsewhere.example/x', '///elsewhere.example/x']) {
      const response = await postFeedback(testApp.app, 5, validContactFields({ 'your-email': 'x' }), navigationHeaders(SITE, `${SITE}${path}`));
      const html = expectSafePage(response);
      expect(html).toContain('<a href="/elsewhere.example/x#wpcf7-f5-p2-o1">Back to the form</a>');
      expect(html).not.toMatch(/href="\/[/\\]/);
    }
  });

  it('answers the same POSTs from a script with JSON, as before', async () => {
    const sent = await postFeedback(testApp.app, 5, validContactFields(), scriptHeaders(SITE));
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(answerOf(sent)).toMatchObject({ status: 'mail_sent', redirect: [{ type: 'redirect', redirect_url: `${SITE}/thank-you/`, delay: 2 }] });
    const invalid = await postFeedback(testApp.app, 5, validContactFields({ 'your-email': 'x' }), scriptHeaders(SITE));
    expect(answerOf(invalid)).toMatchObject({ status: 'validation_failed', invalid_fields: [{ field: 'your-email' }] });
    // jQuery's "anything" and no Accept at all are scripts too.
    for (const accept of ['*/*', 'application/json, text/javascript, */*; q=0.01']) {
      const response = await postFeedback(testApp.app, 5, validContactFields({ 'your-email': 'x' }), { accept });
      expect(answerOf(response).status).toBe('validation_failed');
    }
  });

  it("tells a browser without Sec-Fetch headers by its Accept, which prefers HTML", async () => {
    const response = await postFeedback(testApp.app, 5, validContactFields({ 'your-email': 'x' }), { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', origin: SITE });
    expect(response.statusCode).toBe(200);
    expect(expectSafePage(response)).toContain('<strong>Email address</strong>');
  });

  it('answers a refusal with a page of its status, and a script with the JSON error', async () => {
    const page = await postFeedback(testApp.app, 99, validContactFields({ _wpcf7: '99' }), navigationHeaders(SITE));
    expect(page.statusCode).toBe(404);
    expect(expectSafePage(page)).toContain('What you typed did not reach us');
    const json = await postFeedback(testApp.app, 99, validContactFields({ _wpcf7: '99' }), scriptHeaders(SITE));
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ code: 'wpcf7_not_found' });
  });
});

describe(`the contact form posted by the browser itself, with reCAPTCHA, on ${testDialect}`, () => {
  let recaptchaApp: TestApp;

  beforeAll(async () => {
    recaptchaApp = await createTestApp(
      { MAIL_TO: 'sales@example.co.za', SITE_URL: SITE, RECAPTCHA_SITE_KEY: '6LcTestSiteKey', RECAPTCHA_SECRET: '6LcTestSecret', FEEDBACK_RATE_LIMIT: '1/1m' },
      { forms: testForms },
    );
    await recaptchaApp.app.ready();
  });

  afterAll(async () => {
    await recaptchaApp.cleanup();
  });

  it('keeps the message as spam, as without a token from the script, and says why in words', async () => {
    const response = await postFeedback(recaptchaApp.app, 5, validContactFields({ 'your-name': 'Naledi Khumalo' }), navigationHeaders(SITE));
    expect(response.statusCode).toBe(200);
    const html = expectSafePage(response);
    expect(html).toContain(contactForm.messages.spam);
    expect(html).toContain('Google reCAPTCHA, a script that had not run in your browser');
    expect(html).toContain('Naledi Khumalo');
    const { db } = recaptchaApp.database;
    const stored = await db.selectFrom('submissions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'spam', spam: 1, spam_reason: 'recaptcha: reCAPTCHA response token is empty.' });
  });

  it('answers the rate limit with a page of 429 and its Retry-After', async () => {
    const response = await postFeedback(recaptchaApp.app, 5, validContactFields(), navigationHeaders(SITE));
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
    expect(expectSafePage(response)).toContain('Too many submissions from your address. Please try again in 60 seconds.');
  });
});
