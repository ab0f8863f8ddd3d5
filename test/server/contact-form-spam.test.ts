import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { everyFieldValues, fixCaptchaWord, refill } from './helpers/every-field-submission.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { answerOf, postFeedback } from './helpers/multipart.ts';
import { closedPort, startRecaptchaStub, type RecaptchaStub } from './helpers/recaptcha-stub.ts';
import { testForms, validContactFields } from './helpers/test-forms.ts';

let stub: RecaptchaStub;
let testApp: TestApp;

const RECAPTCHA_ENV = { RECAPTCHA_SITE_KEY: '6LcTestSiteKey', RECAPTCHA_SECRET: '6LcTestSecret' };
const HUMAN = { success: true, score: 0.9, action: 'contactform', hostname: 'www.example.co.za', challenge_ts: '2026-03-02T08:00:00Z' };
const SPAM_MESSAGE = 'There was an error trying to send your message. Please try again later.';

beforeAll(async () => {
  stub = await startRecaptchaStub();
  stub.answers.set('human', HUMAN);
  stub.answers.set('low-score', { ...HUMAN, score: 0.3 });
  stub.answers.set('threshold', { ...HUMAN, score: 0.5 });
  stub.answers.set('wrong-action', { ...HUMAN, action: 'homepage' });
  stub.answers.set('wrong-host', { ...HUMAN, hostname: 'evil.example' });
  stub.answers.set('expired', { success: false, 'error-codes': ['timeout-or-duplicate'] });
  testApp = await createTestApp(
    { ...RECAPTCHA_ENV, RECAPTCHA_VERIFY_URL: stub.url, MAIL_TO: 'sales@example.co.za', DISALLOWED_WORDS: 'viagra, cheap seo', SITE_URL: 'https://www.example.co.za' },
    { forms: testForms },
  );
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
  await stub.close();
});

/** Posts the contact form from www.example.co.za with a reCAPTCHA token. */
async function send(token: string, overrides: Record<string, string> = {}, headers: Record<string, string> = {}, app = testApp.app) {
  return answerOf(
    await postFeedback(app, 5, validContactFields({ _wpcf7_recaptcha_response: token, ...overrides }), {
      host: 'www.example.co.za',
      ...headers,
    }),
  );
}

async function lastSubmission(app: TestApp = testApp) {
  const { db } = app.database;
  const row = await db.selectFrom('submissions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const mail = await db.selectFrom('outbox').select('id').where('submission_id', '=', row.id).execute();
  return { ...row, mails: mail.length };
}

describe(`spam on ${testDialect}`, () => {
  it('accepts a human: the token is verified with the secret and the form post, without the visitor\'s address (README, "Privacy")', async () => {
    const answer = await send('human');
    expect(answer.status).toBe('mail_sent');
    expect(stub.requests.at(-1)).toEqual({
      secret: '6LcTestSecret',
      response: 'human',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      method: 'POST',
    });
    const stored = await lastSubmission();
    expect(stored).toMatchObject({ spam: 0, status: 'mail_sent', mails: 1 });
    expect(JSON.parse(stored.meta)).toMatchObject({ recaptcha_score: 0.9 });
  });

  it.each([
    ['a low score', 'low-score', /score \(0\.30\) is lower than the threshold \(0\.50\)/],
    ['a score at the threshold', 'threshold', /score \(0\.50\) is lower than the threshold/],
    ['another action', 'wrong-action', /action is "homepage", not "contactform"/],
    ['another site\'s token', 'wrong-host', /issued for "evil\.example", not this site/],
    ['a token Google refuses', 'expired', /not accepted \(error codes: timeout-or-duplicate\)/],
    ['no token', '', /token is empty/],
  ])('judges %s spam: answered spam, stored flagged, never mailed', async (_case, token, reason) => {
    const answer = await send(token);
    expect(answer).toEqual({
      contact_form_id: 5,
      status: 'spam',
      message: SPAM_MESSAGE,
      invalid_fields: [],
      posted_data_hash: '',
      into: '#wpcf7-f5-p2-o1',
    });
    const stored = await lastSubmission();
    expect(stored).toMatchObject({ spam: 1, status: 'spam', mails: 0 });
    expect(stored.spam_reason).toMatch(reason);
    expect(stored.spam_reason).toMatch(/^recaptcha: /);
  });

  it('judges spam when the verifier cannot be reached', async () => {
    const offline = await createTestApp(
      { ...RECAPTCHA_ENV, RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${await closedPort()}/siteverify`, MAIL_TO: 'sales@example.co.za', SITE_URL: 'https://www.example.co.za' },
      { forms: testForms },
    );
    try {
      await offline.app.ready();
      expect((await send('human', {}, {}, offline.app)).status).toBe('spam');
      const stored = await lastSubmission(offline);
      expect(stored).toMatchObject({ spam: 1, mails: 0 });
      expect(stored.spam_reason).toMatch(/^recaptcha: reCAPTCHA verification failed/);
    } finally {
      await offline.cleanup();
    }
  });

  it('judges a filled-in honeypot spam without asking Google', async () => {
    const asked = stub.requests.length;
    expect((await send('human', { _wpcf7_hp_website: 'http://seo.example' })).status).toBe('spam');
    expect(stub.requests.length).toBe(asked);
    expect((await lastSubmission()).spam_reason).toMatch(/^honeypot/);
  });

  it('judges a missing user agent spam', async () => {
    expect((await send('human', {}, { 'user-agent': '' })).status).toBe('spam');
    expect((await lastSubmission()).spam_reason).toMatch(/User-Agent string is unnaturally short/);
  });

  it('judges a disallowed word spam, in any case, in any field', async () => {
    expect((await send('human', { 'your-message': 'Buy VIAGRA online now, best prices here' })).status).toBe('spam');
    expect((await lastSubmission()).spam_reason).toMatch(/disallowed word "viagra"/);
    expect((await send('human', { 'your-company': 'Cheap SEO Ltd' })).status).toBe('spam');
  });

  it('checks spam only after validation and acceptance, as CF7', async () => {
    expect((await send('low-score', { 'your-name': '' })).status).toBe('validation_failed');
    const fields = validContactFields({ _wpcf7_recaptcha_response: 'low-score' });
    delete fields['your-consent'];
    expect(answerOf(await postFeedback(testApp.app, 5, fields, { host: 'www.example.co.za' })).status).toBe('acceptance_missing');
  });

  it('does not ask reCAPTCHA for a form that does not use it', async () => {
    fixCaptchaWord();
    try {
      const asked = stub.requests.length;
      const values = everyFieldValues(await refill(testApp.app));
      const answer = answerOf(await postFeedback(testApp.app, 42, values, { host: 'www.example.co.za' }));
      expect(answer.status).toBe('mail_sent');
      expect(stub.requests.length).toBe(asked);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
