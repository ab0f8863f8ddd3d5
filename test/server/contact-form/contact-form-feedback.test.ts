import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BeforeSendMailHook } from '../../../server/contact-form/process-submission.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { everyFieldValues, fixCaptchaWord, refill } from '../helpers/every-field-submission.ts';
import { answerOf, DEFAULT_USER_AGENT, postFeedback } from '../helpers/multipart.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';

let testApp: TestApp;
let abortNext = false;
const abortHook: BeforeSendMailHook = () => (abortNext ? { abort: true, message: 'Sending was stopped by a test.' } : undefined);

beforeAll(async () => {
  testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za', SITE_URL: 'http://www.example.co.za' }, { forms: testForms, beforeSendMail: [abortHook] });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

afterEach(() => {
  abortNext = false;
  vi.restoreAllMocks();
});

async function counts() {
  const { db } = testApp.database;
  const submissions = await db.selectFrom('submissions').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const outbox = await db.selectFrom('outbox').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { submissions: Number(submissions.n), outbox: Number(outbox.n) };
}

describe(`POST feedback on ${testDialect}`, () => {
  it('answers mail_sent with CF7\'s shape and the redirect add-on\'s keys', async () => {
    const response = await postFeedback(testApp.app, 5, validContactFields(), { host: 'www.example.co.za' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(answerOf(response)).toEqual({
      contact_form_id: 5,
      status: 'mail_sent',
      message: 'Thank you for your message. An engineer will reply within one working day.',
      invalid_fields: [],
      posted_data_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
      into: '#wpcf7-f5-p2-o1',
      popup: [
        {
          'popup-template': expect.stringContaining('<h2>Message received</h2>'),
          'template-name': 'thank-you-popup',
          title: 'Message received',
          text: expect.stringContaining('An engineer will reply'),
          close_label: 'Close',
        },
      ],
      redirect: [{ type: 'redirect', redirect_url: 'http://www.example.co.za/thank-you/', delay: 2 }],
    });
  });

  it('builds the redirect from SITE_URL, never from the Host header a client writes', async () => {
    const answer = answerOf(await postFeedback(testApp.app, 5, validContactFields(), { host: 'evil.example', referer: 'http://evil.example/' }));
    expect(answer.redirect).toEqual([{ type: 'redirect', redirect_url: 'http://www.example.co.za/thank-you/', delay: 2 }]);
    expect(JSON.stringify(answer)).not.toContain('evil.example');
    const { db } = testApp.database;
    const submission = await db.selectFrom('submissions').select('meta').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // A page on another host is not this site's page.
    expect(JSON.parse(submission.meta)).toMatchObject({ url: null });
  });

  it('commits the submission and its mail together before answering mail_sent', async () => {
    const before = await counts();
    const response = await postFeedback(
      testApp.app,
      5,
      validContactFields({ 'your-name': 'Lerato Mokoena', 'unknown-field': 'ignored' }),
      { referer: 'http://www.example.co.za/#contact' },
    );
    expect(answerOf(response).status).toBe('mail_sent');
    expect(await counts()).toEqual({ submissions: before.submissions + 1, outbox: before.outbox + 1 });

    const { db } = testApp.database;
    const submission = await db.selectFrom('submissions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(submission).toMatchObject({
      form_id: '5',
      status: 'mail_sent',
      spam: 0,
      spam_reason: null,
      user_agent: DEFAULT_USER_AGENT,
      posted_data_hash: answerOf(response).posted_data_hash,
    });
    expect(JSON.parse(submission.posted_data)).toEqual({
      'your-name': 'Lerato Mokoena',
      'your-email': 'thandi@example.co.za',
      'your-phone': '082 123 4567',
      'your-company': 'Nkosi Retail',
      'your-subject': ['LED video walls'],
      'your-message': 'We need a 4 x 2 m LED wall for our Sandton store by March.',
      'your-file': [],
      'your-consent': '1',
    });
    const meta = JSON.parse(submission.meta) as Record<string, unknown>;
    expect(meta).toMatchObject({ unit_tag: 'wpcf7-f5-p2-o1', container_post: 2, url: 'http://www.example.co.za/#contact' });
    expect(meta.consent).toEqual({ 'your-consent': expect.stringContaining('POPIA') });
    // POPIA: the address is only ever a salted hash.
    expect(submission.remote_ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(submission)).not.toContain('127.0.0.1');

    const mail = await db.selectFrom('outbox').selectAll().where('submission_id', '=', submission.id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to_address: 'sales@example.co.za',
      reply_to: 'thandi@example.co.za',
      subject: 'Website enquiry: LED video walls from Lerato Mokoena',
      attempts: 0,
      delivered_at: null,
      attachments: '[]',
    });
    expect(mail.body).toContain('Full name: Lerato Mokoena');
    expect(mail.body).toContain('Your message: We need a 4 x 2 m LED wall');
    expect(mail.body).toContain('Consent to be contacted: Consented: I agree');
    expect(mail.body).not.toContain('ignored');
  });

  it('answers validation_failed with each invalid field, its message and CF7\'s error id', async () => {
    const before = await counts();
    const response = await postFeedback(
      testApp.app,
      5,
      validContactFields({ 'your-name': 'T', 'your-email': 'thandi@', 'your-subject': 'Free holidays', 'your-message': '' }),
    );
    expect(response.statusCode).toBe(200);
    expect(answerOf(response)).toEqual({
      contact_form_id: 5,
      status: 'validation_failed',
      message: 'There is a problem with your message. Correct the errors shown beside the fields, then send it again.',
      invalid_fields: [
        { field: 'your-name', message: 'Full name must be 2 characters or more', idref: null, error_id: 'wpcf7-f5-p2-o1-ve-your-name' },
        {
          field: 'your-email',
          message: 'Enter an email address in the correct format, like name@example.co.za',
          idref: null,
          error_id: 'wpcf7-f5-p2-o1-ve-your-email',
        },
        { field: 'your-subject', message: 'Choose one of the listed services', idref: null, error_id: 'wpcf7-f5-p2-o1-ve-your-subject' },
        { field: 'your-message', message: 'Enter your message', idref: null, error_id: 'wpcf7-f5-p2-o1-ve-your-message' },
      ],
      posted_data_hash: '',
      into: '#wpcf7-f5-p2-o1',
    });
    expect(await counts()).toEqual(before);
  });

  it('sanitises the unit tag it echoes in into and error ids', async () => {
    const response = await postFeedback(testApp.app, 5, validContactFields({ _wpcf7_unit_tag: 'wpcf7-f5"><script>', 'your-name': '' }));
    const answer = answerOf(response);
    expect(answer.into).toBe('#wpcf7-f5script');
    expect(answer.invalid_fields[0]?.error_id).toBe('wpcf7-f5script-ve-your-name');
  });

  it('answers acceptance_missing when the consent box is not ticked, and stores nothing', async () => {
    const before = await counts();
    const fields = validContactFields();
    delete fields['your-consent'];
    const answer = answerOf(await postFeedback(testApp.app, 5, fields));
    expect(answer).toMatchObject({
      status: 'acceptance_missing',
      message: 'Tick the box to agree that we may contact you about your enquiry',
      invalid_fields: [],
      posted_data_hash: '',
    });
    expect(await counts()).toEqual(before);
  });

  it('checks validation before acceptance, as CF7', async () => {
    const fields = validContactFields({ 'your-email': '' });
    delete fields['your-consent'];
    expect(answerOf(await postFeedback(testApp.app, 5, fields)).status).toBe('validation_failed');
  });

  it('aborts a submission a before-send-mail hook stops, with a posted data hash and nothing stored', async () => {
    const before = await counts();
    abortNext = true;
    const answer = answerOf(await postFeedback(testApp.app, 5, validContactFields()));
    expect(answer).toMatchObject({ status: 'aborted', message: 'Sending was stopped by a test.', invalid_fields: [] });
    expect(answer.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.redirect).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('keeps header injection out of the mail: the subject is one line, a crafted Reply-To is refused', async () => {
    const injected = answerOf(
      await postFeedback(testApp.app, 5, validContactFields({ 'your-name': 'Eve\r\nBcc: victim@example.com' })),
    );
    expect(injected.status).toBe('mail_sent');
    const { db } = testApp.database;
    const mail = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Website enquiry: LED video walls from Eve Bcc: victim@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);

    const badReplyTo = answerOf(
      await postFeedback(testApp.app, 5, validContactFields({ 'your-email': 'eve@example.com\r\nBcc: victim@example.com' })),
    );
    expect(badReplyTo.status).toBe('validation_failed');
    expect(badReplyTo.invalid_fields.map((field) => field.field)).toEqual(['your-email']);
  });

  it('answers mail_failed when the submission cannot be stored, and keeps neither half', async () => {
    const broken = await createTestApp({ MAIL_TO: 'sales@example.co.za' }, { forms: testForms });
    try {
      await broken.app.ready();
      const { db } = broken.database;
      // The mail cannot be written: the submission written before it must be rolled back.
      await sql`drop table outbox`.execute(db);
      const answer = answerOf(await postFeedback(broken.app, 5, validContactFields()));
      expect(answer).toMatchObject({
        status: 'mail_failed',
        message: 'There was an error trying to send your message. Please try again later.',
        invalid_fields: [],
      });
      expect(answer.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.redirect).toBeUndefined();
      const stored = await db.selectFrom('submissions').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(0);
    } finally {
      await broken.cleanup();
    }
  });
});

describe(`choices and acceptance of the every-field form on ${testDialect}`, () => {
  it('stores checkbox values as a list and a free-text option with its text', async () => {
    fixCaptchaWord();
    const values = everyFieldValues(await refill(testApp.app), {
      'topic[]': ['Signage', 'Other'],
      '_wpcf7_free_text_topic': 'a rooftop screen',
    });
    const answer = answerOf(await postFeedback(testApp.app, 42, values));
    expect(answer.status).toBe('mail_sent');
    expect(answer.redirect).toBeUndefined();
    const { db } = testApp.database;
    const submission = await db.selectFrom('submissions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const posted = JSON.parse(submission.posted_data) as Record<string, unknown>;
    expect(posted.topic).toEqual(['Signage', 'Other a rooftop screen']);
    // Quiz and captcha answers are never stored (CF7: do-not-store).
    expect(posted).not.toHaveProperty('quiz');
    expect(posted).not.toHaveProperty('captcha');
    const mail = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Signage, Other a rooftop screen enquiry from Sipho Dlamini');
    expect(mail.body).toContain('No marketing: Not consented');
  });

  it.each([
    ['a checkbox value that is not an option', { 'topic[]': ['Video walls', 'Crypto'] }, 'topic', 'Please choose one of the listed options.'],
    ['a radio value that is not an option', { budget: 'Huge' }, 'budget', 'Please choose one of the listed options.'],
    ['a number out of range', { screens: '99' }, 'screens', 'This field has a too large number.'],
  ])('refuses %s', async (_case, overrides, field, message) => {
    fixCaptchaWord();
    const answer = answerOf(await postFeedback(testApp.app, 42, everyFieldValues(await refill(testApp.app), overrides)));
    expect(answer.status).toBe('validation_failed');
    expect(answer.invalid_fields).toEqual([{ field, message, idref: null, error_id: `wpcf7-f42-o1-ve-${field}` }]);
  });

  it('answers acceptance_missing for a ticked inverted box, and ignores an optional one', async () => {
    fixCaptchaWord();
    const inverted = answerOf(
      await postFeedback(testApp.app, 42, everyFieldValues(await refill(testApp.app), { 'no-marketing': '1' })),
    );
    expect(inverted).toMatchObject({ status: 'acceptance_missing', message: 'You must accept the terms and conditions before sending your message.' });

    const unticked = everyFieldValues(await refill(testApp.app));
    delete unticked.terms;
    expect(answerOf(await postFeedback(testApp.app, 42, unticked)).status).toBe('acceptance_missing');

    const optionalTicked = answerOf(await postFeedback(testApp.app, 42, everyFieldValues(await refill(testApp.app), { newsletter: '1' })));
    expect(optionalTicked.status).toBe('mail_sent');
  });

  it('sends fresh quiz and captcha refills with every answer', async () => {
    fixCaptchaWord();
    const answer = answerOf(await postFeedback(testApp.app, 42, everyFieldValues(await refill(testApp.app), { name: '' })));
    expect(answer.status).toBe('validation_failed');
    expect(answer.quiz).toEqual({ quiz: ['What is 3 + 4?', expect.stringMatching(/^[0-9a-f]{32}$/)] });
    expect(answer.captcha?.captcha).toMatch(/\/wp-content\/uploads\/wpcf7_captcha\/\d{12}\.svg$/);
  });
});
