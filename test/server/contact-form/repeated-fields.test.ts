// A field posted twice is one value, its last, for every reader (as PHP and Contact Form 7 read
// it): validation, storage and mail cannot disagree. And characters that could forge a header
// or make a name read backwards never reach a mail subject or an attachment's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanFilename } from '../../../server/contact-form/read-feedback-request.ts';
import { headerSafe } from '../../../server/mail/composed-mail.ts';
import { lastValueWins } from '../../../src/validation/field-values.ts';
import { everyFieldValues, fixCaptchaWord, refill } from '../helpers/every-field-submission.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { fetchNonce, homeFields, postSubscribe, subscribeAnswer } from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za' }, { forms: testForms });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

async function lastSubmission() {
  const { db } = testApp.database;
  const submission = await db.selectFrom('submissions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const mail = await db.selectFrom('outbox').selectAll().where('submission_id', '=', submission.id).executeTakeFirst();
  return { postedData: JSON.parse(submission.posted_data) as Record<string, unknown>, mail };
}

describe(`repeated single-value fields on ${testDialect}`, () => {
  it('a required field posted blank, then filled, is sent with the filled value stored and mailed', async () => {
    const fields = { ...validContactFields(), 'your-name': ['', 'Sipho Dlamini'] };
    const response = await postFeedback(testApp.app, 5, fields);
    expect(answerOf(response).status).toBe('mail_sent');
    const { postedData, mail } = await lastSubmission();
    expect(postedData['your-name']).toBe('Sipho Dlamini');
    expect(`${mail?.subject ?? ''} ${mail?.body ?? ''}`).toContain('Sipho Dlamini');
  });

  it('a required field posted filled, then blank, fails validation: the blank one counts', async () => {
    const fields = { ...validContactFields(), 'your-name': ['Sipho Dlamini', ''] };
    const answer = answerOf(await postFeedback(testApp.app, 5, fields));
    expect(answer.status).toBe('validation_failed');
    expect(answer.invalid_fields.map((invalid) => invalid.field)).toContain('your-name');
  });

  it('a radio group posted twice is its last choice (a second option cannot slip past the check)', async () => {
    fixCaptchaWord();
    const fields = everyFieldValues(await refill(testApp.app), { budget: ['Small', 'Not an option'] });
    const answer = answerOf(await postFeedback(testApp.app, 42, fields));
    expect(answer.status).toBe('validation_failed');
    expect(answer.invalid_fields.map((invalid) => invalid.field)).toEqual(['budget']);
    fixCaptchaWord();
    const sent = answerOf(await postFeedback(testApp.app, 42, everyFieldValues(await refill(testApp.app), { budget: ['Not an option', 'Small'] })));
    expect(sent.status).toBe('mail_sent');
    expect((await lastSubmission()).postedData.budget).toEqual(['Small']);
  });

  it('a newsletter e-mail posted twice is read as its last value', async () => {
    const nonce = await fetchNonce(testApp.app, 'sib_subscribe');
    const first = subscribeAnswer(await postSubscribe(testApp.app, homeFields(nonce, { email: ['not-an-address', 'repeat@example.co.za'] })));
    expect(first.status).toBe('success');
    const { db } = testApp.database;
    const stored = await db.selectFrom('newsletter_subscribers').select('email').where('email', '=', 'repeat@example.co.za').executeTakeFirst();
    expect(stored?.email).toBe('repeat@example.co.za');
    const second = subscribeAnswer(await postSubscribe(testApp.app, homeFields(nonce, { email: ['again@example.co.za', 'not-an-address'] })));
    expect(second.status).toBe('invalid');
  });

  it('keeps every value of a `name[]` list and only the last of a plain name', () => {
    const form = new FormData();
    form.append('topic[]', 'a');
    form.append('name', 'first');
    form.append('topic[]', 'b');
    form.append('name', 'last');
    expect([...lastValueWins(form).entries()]).toEqual([
      ['topic[]', 'a'],
      ['topic[]', 'b'],
      ['name', 'last'],
    ]);
  });
});

describe('unsafe characters in mail headers and file names', () => {
  it('drops C0 and C1 controls, line separators and bidirectional marks from subjects', () => {
    expect(headerSafe('Quote\r\nBcc: x@example.com')).toBe('Quote Bcc: x@example.com');
    expect(headerSafe('Invoice \u202Efdp.exe\u202C for \u0085you\u2066')).toBe('Invoice fdp.exe for you');
    expect(headerSafe('Ordinary subject — “quoted” ✓')).toBe('Ordinary subject — “quoted” ✓');
  });

  it('drops them from file names, which reach the attachment header', () => {
    expect(cleanFilename('brief\u202Efdp.exe')).toBe('brieffdp.exe');
    expect(cleanFilename('C:\\fakepath\\site\u0090plan\u200f.pdf')).toBe('siteplan.pdf');
    expect(cleanFilename('"quoted".pdf')).toBe('quoted.pdf');
  });
});
