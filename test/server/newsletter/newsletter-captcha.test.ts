import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeNewsletterForm } from '../../support/site-content.ts';
import { NEWSLETTER_RECAPTCHA_ACTION } from '../../../server/newsletter/newsletter-forms.ts';
import { fetchNonce, homeFields, postSubscribe, subscribeAnswer, testNewsletterForms } from '../helpers/newsletter-requests.ts';
import { startRecaptchaStub, type RecaptchaStub } from '../helpers/recaptcha-stub.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * reCAPTCHA v3 on the newsletter form, verified with the contact form's verifier against the
 * local siteverify stub: gcaptchaEmpty without a token, gcaptchaFail for a refused one, and a
 * token issued for another action (the contact form's) refused too.
 */

let stub: RecaptchaStub;
let testApp: TestApp;

const HUMAN = { success: true, score: 0.9, action: NEWSLETTER_RECAPTCHA_ACTION, hostname: 'www.example.co.za', challenge_ts: '2026-11-20T08:00:00Z' };

beforeAll(async () => {
  stub = await startRecaptchaStub();
  stub.answers.set('human', HUMAN);
  stub.answers.set('low-score', { ...HUMAN, score: 0.2 });
  stub.answers.set('contact-form-token', { ...HUMAN, action: 'contactform' });
  stub.answers.set('wrong-host', { ...HUMAN, hostname: 'evil.example' });
  testApp = await createTestApp(
    { RECAPTCHA_SITE_KEY: '6LcTestSiteKey', RECAPTCHA_SECRET: '6LcTestSecret', RECAPTCHA_VERIFY_URL: stub.url, SITE_URL: 'https://www.example.co.za' },
    { newsletterForms: testNewsletterForms },
  );
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
  await stub.close();
});

async function send(fields: Record<string, string | string[]>) {
  return subscribeAnswer(await postSubscribe(testApp.app, fields, { headers: { host: 'www.example.co.za' } }));
}

describe(`reCAPTCHA on the newsletter form, on ${testDialect}`, () => {
  it('answers gcaptchaEmpty without a token, storing nothing', async () => {
    const nonce = await fetchNonce(testApp.app, 'sib_subscribe');
    const requests = stub.requests.length;
    expect(await send(homeFields(nonce, { email: 'empty@example.co.za' }))).toEqual({
      status: 'gcaptchaEmpty',
      msg: homeNewsletterForm.messages.captchaEmpty,
      redirect: '',
      turnstileCaptcha: false,
    });
    expect(await send(homeFields(nonce, { email: 'empty@example.co.za', 'g-recaptcha-response': '  ' }))).toMatchObject({ status: 'gcaptchaEmpty' });
    expect(stub.requests.length).toBe(requests);
  });

  it.each([['low-score'], ['contact-form-token'], ['wrong-host'], ['unknown-token']])('answers gcaptchaFail for the token %s', async (token) => {
    const nonce = await fetchNonce(testApp.app, 'sib_subscribe');
    expect(await send(homeFields(nonce, { email: `${token}@example.co.za`, 'g-recaptcha-response': token }))).toEqual({
      status: 'gcaptchaFail',
      msg: homeNewsletterForm.messages.captchaFail,
      redirect: '',
      turnstileCaptcha: false,
    });
    const stored = await testApp.database.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', `${token}@example.co.za`).execute();
    expect(stored).toEqual([]);
  });

  it('subscribes with a good token, sending the secret, token and address to siteverify', async () => {
    const nonce = await fetchNonce(testApp.app, 'sib_subscribe');
    expect(await send(homeFields(nonce, { email: 'human@example.co.za', 'g-recaptcha-response': 'human' }))).toMatchObject({ status: 'success' });
    expect(stub.requests.at(-1)).toMatchObject({ secret: '6LcTestSecret', response: 'human', method: 'POST' });
    expect(stub.requests.at(-1)).not.toHaveProperty('remoteip');
  });

  it('checks the nonce before asking siteverify', async () => {
    const requests = stub.requests.length;
    const response = await postSubscribe(testApp.app, homeFields('', { 'g-recaptcha-response': 'human' }));
    expect(response.statusCode).toBe(403);
    expect(stub.requests.length).toBe(requests);
  });

  it('does not ask for a token on a form without reCAPTCHA', async () => {
    const nonce = await fetchNonce(testApp.app, 'sib_subscribe');
    expect(await send({ email: 'plain@example.co.za', consent: 'yes', sib_form_action: 'subscribe_form_submit', sib_form_id: '3', security: nonce })).toMatchObject({ status: 'success' });
  });
});
