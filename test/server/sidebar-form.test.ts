import { afterEach, describe, expect, it } from 'vitest';
import { sidebarContact } from '../support/site-content.ts';
import type { SidebarContact } from '../../content/structs/sidebar-contact.struct.ts';
import { startMailDelivery } from '../../server/mail/start-mail-delivery.ts';
import { releaseSpam } from '../../server/contact-form/submissions-admin.ts';
import { HUMAN_TEST_LIFETIME_MS } from '../../server/sidebar-form/human-test.ts';
import { sidebarMailOfRow } from '../../server/sidebar-form/sidebar-mail.ts';
import { multipartBody } from './helpers/multipart.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The sidebar panel's server side: admin-ajax.php's ncf_human_test (a signed, expiring,
 * single-use question) and ncf_send_message (the plugin's fields and answers, the shared rules,
 * the submission and its mail committed to the outbox), with every refusal.
 */

const SITE = 'https://www.example.co.za';
const cleanups: Array<() => Promise<void>> = [];
let clock = Date.parse('2026-11-24T08:00:00.000Z');

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  clock = Date.parse('2026-11-24T08:00:00.000Z');
});

async function appWith(env: Record<string, string> = {}, content?: SidebarContact): Promise<TestApp> {
  const test = await createTestApp({ SITE_URL: SITE, MAIL_TO: 'sales@example.co.za', ...env }, { now: () => clock, ...(content ? { sidebarContact: content } : {}) });
  cleanups.push(() => test.cleanup());
  await test.app.ready();
  return test;
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

async function ajax(test: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/wp-admin/admin-ajax.php',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'user-agent': BROWSER, referer: `${SITE}/#services`, ...headers },
  });
}

interface Question {
  question: string;
  a: number;
  b: number;
  challenge: string;
  expires_at: string;
}

async function question(test: TestApp): Promise<Question> {
  const response = await ajax(test, { action: 'ncf_human_test' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json<{ success: true; data: Question }>();
  expect(body.success).toBe(true);
  return body.data;
}

function message(asked: Question, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    action: 'ncf_send_message',
    ncf_form_index: '1',
    ncf_name_field: 'Thandi Mokoena',
    ncf_email_field: 'thandi@example.co.za',
    ncf_message_field: 'We need a 4 m LED wall\nfor a lobby in Sandton.',
    ncf_answer_field: String(asked.a + asked.b),
    ncf_challenge: asked.challenge,
    ...overrides,
  };
}

async function rows(test: TestApp) {
  const submissions = await test.database.db.selectFrom('submissions').selectAll().orderBy('id').execute();
  const outbox = await test.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  return { submissions, outbox };
}

describe(`the sidebar form's human test on ${testDialect}`, () => {
  it('hands out "a + b = ?" with a and b from 1 to 9 and a signed challenge that expires in 30 minutes', async () => {
    const test = await appWith();
    const seen = new Set<string>();
    for (let draw = 0; draw < 40; draw += 1) {
      const asked = await question(test);
      expect(asked.question).toBe(`${asked.a} + ${asked.b} = ?`);
      expect(asked.a).toBeGreaterThanOrEqual(1);
      expect(asked.a).toBeLessThanOrEqual(9);
      expect(asked.b).toBeGreaterThanOrEqual(1);
      expect(asked.b).toBeLessThanOrEqual(9);
      expect(Date.parse(asked.expires_at) - clock).toBe(HUMAN_TEST_LIFETIME_MS);
      seen.add(asked.challenge);
    }
    expect(seen.size).toBe(40);
  });
});

describe(`ncf_send_message on ${testDialect}`, () => {
  it('stores the message and its mail before answering {"success":true,"result":true}; the mail reaches the SMTP server as the plugin wrote it', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const test = await appWith({ SMTP_URL: smtp.url, MAIL_FROM: 'website@example.co.za' });
    const worker = startMailDelivery(test.app, { pollMs: 20 });
    cleanups.push(async () => worker?.stop());

    const response = await ajax(test, message(await question(test)));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ success: true, result: true });

    const { submissions, outbox } = await rows(test);
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ form_id: 'ncf-1', status: 'mail_sent', spam: 0 });
    expect(JSON.parse(submissions[0]!.posted_data)).toEqual({
      ncf_name_field: 'Thandi Mokoena',
      ncf_email_field: 'thandi@example.co.za',
      ncf_message_field: 'We need a 4 m LED wall\nfor a lobby in Sandton.',
    });
    expect(JSON.parse(submissions[0]!.meta)).toEqual({ form_index: 1, url: `${SITE}/#services`, plugin: 'ninja-contact-form 3.5.5' });
    // No address in clear anywhere: only its keyed hash.
    expect(submissions[0]!.remote_ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(submissions)).not.toContain('127.0.0.1');
    expect(outbox).toHaveLength(1);

    const mail = await waitFor('the sidebar mail', () => smtp.received.at(-1));
    expect(mail.to).toEqual(['sales@example.co.za']);
    expect(mail.headers.get('reply-to')).toEqual(['thandi@example.co.za']);
    expect(mail.headers.get('subject')).toEqual(['Lumina Display Engineering Contact Form Submission: Thandi Mokoena']);
    const text = mail.body.replace(/=\r\n/g, '').replace(/\r\n/g, '\n');
    expect(text).toContain(
      ['Name: Thandi Mokoena', 'Email: thandi@example.co.za', `Sent from page: ${SITE}/#services`, '', 'Message:', 'We need a 4 m LED wall', 'for a lobby in Sandton.'].join('\n'),
    );
  });

  it('writes the optional fields a form switches on, and the visitor\'s own subject', async () => {
    const form = sidebarContact.forms[0]!;
    const content: SidebarContact = {
      ...sidebarContact,
      forms: [{ ...form, fields: { company: { on: true, required: true }, phone: { on: true, required: false }, address: { on: true, required: false }, subject: { on: true, required: false } } }],
    };
    const test = await appWith({}, content);
    const asked = await question(test);
    const response = await ajax(test, message(asked, { ncf_company_field: 'Acme Signs', ncf_phone_field: '0115684100', ncf_subject_field: 'Quote\r\nBcc: x@example.com' }), { referer: 'https://elsewhere.example.com/' });
    expect(response.json()).toEqual({ success: true, result: true });
    const [mail] = (await rows(test)).outbox;
    expect(mail?.subject).toBe('Quote Bcc: x@example.com');
    expect(mail?.body).toBe(
      'Name: Thandi Mokoena\nCompany: Acme Signs\nPhone: 0115684100\nEmail: thandi@example.co.za\nSent from page: Page not detected\n\nMessage:\nWe need a 4 m LED wall\nfor a lobby in Sandton.\n',
    );
  });

  it('refuses a NUL or another control character in a field with a field error, and stores nothing; line breaks and tabs are text', async () => {
    const test = await appWith();
    const response = await ajax(test, message(await question(test), { ncf_name_field: 'Thandi\u001bMokoena', ncf_message_field: 'We need\u0000 a wall' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: false,
      errors: { ncf_name_field: '* Your name must not contain control characters.', ncf_message_field: '* Your message must not contain control characters.' },
    });
    expect((await rows(test)).submissions).toHaveLength(0);
    expect((await ajax(test, message(await question(test), { ncf_message_field: 'Two lines:\r\n\tindented' }))).json()).toMatchObject({ success: true });
  });

  it('refuses invalid fields with the plugin messages, keyed by field name, and stores nothing', async () => {
    const test = await appWith();
    const asked = await question(test);
    const response = await ajax(test, message(asked, { ncf_name_field: 'T', ncf_email_field: 'thandi', ncf_message_field: '   ' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: false,
      result: false,
      message: 'Message not sent: one or more fields need attention.',
      errors: {
        ncf_name_field: '* Your name must have at least 2 characters.',
        ncf_email_field: '* Your e-mail must be a valid email address.',
        ncf_message_field: '* Please enter Your message',
      },
    });
    expect((await rows(test)).submissions).toHaveLength(0);
  });

  it.each([
    ['a wrong sum', (asked: Question) => ({ ncf_answer_field: String(((asked.a + asked.b) % 18) + 1) })],
    ['no challenge', () => ({ ncf_challenge: '' })],
    // The first number moves to the next one (9 wraps to 1), so the change is real whatever was drawn.
    ['a challenge with its numbers changed', (asked: Question) => {
      const a = (asked.a % 9) + 1;
      return { ncf_challenge: asked.challenge.replace(/^([^.]+)\.\d\./, `$1.${a}.`), ncf_answer_field: String(a + asked.b) };
    }],
    ['a made-up challenge', () => ({ ncf_challenge: 'AAAAAAAAAAAAAAAA.1.1.99999999999999.00000000000000000000000000000000', ncf_answer_field: '2' })],
    ['a malformed challenge', () => ({ ncf_challenge: 'nonsense' })],
  ])('refuses %s with "* Wrong Answer" beside the answer', async (_name, change) => {
    const test = await appWith();
    const asked = await question(test);
    const response = await ajax(test, message(asked, change(asked)));
    expect(response.json()).toMatchObject({ success: false, result: false, errors: { ncf_answer_field: '* Wrong Answer' } });
    expect((await rows(test)).submissions).toHaveLength(0);
  });

  it('refuses an empty answer with "* Please enter Answer"', async () => {
    const test = await appWith();
    const response = await ajax(test, message(await question(test), { ncf_answer_field: '' }));
    expect(response.json()).toMatchObject({ errors: { ncf_answer_field: '* Please enter Answer' } });
  });

  it('accepts a challenge once: the same answer sent again is refused, and a wrong answer spends it too', async () => {
    const test = await appWith();
    const asked = await question(test);
    expect((await ajax(test, message(asked))).json()).toEqual({ success: true, result: true });
    expect((await ajax(test, message(asked))).json()).toMatchObject({ errors: { ncf_answer_field: '* Wrong Answer' } });

    const second = await question(test);
    const wrong = String(((second.a + second.b) % 18) + 1);
    expect((await ajax(test, message(second, { ncf_answer_field: wrong }))).json()).toMatchObject({ errors: { ncf_answer_field: '* Wrong Answer' } });
    expect((await ajax(test, message(second))).json()).toMatchObject({ errors: { ncf_answer_field: '* Wrong Answer' } });
    expect((await rows(test)).submissions).toHaveLength(1);
  });

  it('refuses a challenge after its 30 minutes', async () => {
    const test = await appWith();
    const asked = await question(test);
    clock += HUMAN_TEST_LIFETIME_MS;
    expect((await ajax(test, message(asked))).json()).toMatchObject({ errors: { ncf_answer_field: '* Wrong Answer' } });
  });

  it('takes no send_to: the recipient is MAIL_TO whatever is posted', async () => {
    const test = await appWith();
    await ajax(test, message(await question(test), { send_to: 'attacker@example.com' }));
    const [mail] = (await rows(test)).outbox;
    expect(mail?.to_address).toBe('sales@example.co.za');
  });

  it('keeps a message with a disallowed word as spam, with no mail, and answers like any failure', async () => {
    const test = await appWith({ DISALLOWED_WORDS: 'casino' });
    const response = await ajax(test, message(await question(test), { ncf_message_field: 'Best CASINO bonus' }));
    expect(response.json()).toEqual({ success: false, result: false, message: 'Message not sent. An unknown error occurred.' });
    const { submissions, outbox } = await rows(test);
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ spam: 1, form_id: 'ncf-1' });
    expect(submissions[0]?.spam_reason).toContain('casino');
    expect(outbox).toHaveLength(0);
  });

  it('sends a held message on when it is released (npm run submissions -- --release), composed as at first', async () => {
    const test = await appWith({ DISALLOWED_WORDS: 'casino' });
    await ajax(test, message(await question(test), { ncf_message_field: 'Lighting for the casino foyer' }));
    const [held] = (await rows(test)).submissions;
    const otherMail = (row: { form_id: string; posted_data: string; meta: string }) => sidebarMailOfRow(sidebarContact, 'Lumina Display Engineering', 'sales@example.co.za', row);
    await releaseSpam(test.database.db, held!.id, { findForm: () => undefined, mailTo: 'sales@example.co.za', now: clock, otherMail });
    const { submissions, outbox } = await rows(test);
    expect(submissions[0]).toMatchObject({ spam: 0, status: 'mail_sent' });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ subject: 'Lumina Display Engineering Contact Form Submission: Thandi Mokoena', reply_to: 'thandi@example.co.za' });
    expect(outbox[0]?.body).toContain(`Sent from page: ${SITE}/#services\n\nMessage:\nLighting for the casino foyer`);
  });

  it('keeps a message sent with no user agent as spam', async () => {
    const test = await appWith();
    await ajax(test, message(await question(test)), { 'user-agent': '' });
    expect((await rows(test)).submissions[0]).toMatchObject({ spam: 1 });
  });

  it('works with the human test switched off in content', async () => {
    const test = await appWith({}, { ...sidebarContact, options: { ...sidebarContact.options, humantest: false } });
    const { ncf_answer_field: _answer, ncf_challenge: _challenge, ...fields } = message({ question: '', a: 1, b: 1, challenge: '', expires_at: '' });
    expect((await ajax(test, fields)).json()).toEqual({ success: true, result: true });
  });

  it('reads a multipart body as well as an urlencoded one', async () => {
    const test = await appWith();
    const body = await multipartBody(message(await question(test)));
    const response = await test.app.inject({ method: 'POST', url: '/wp-admin/admin-ajax.php', payload: body.payload, headers: { 'content-type': body.contentType, 'user-agent': BROWSER } });
    expect(response.json()).toEqual({ success: true, result: true });
  });
});

describe(`ncf_send_message refusals on ${testDialect}`, () => {
  it.each([
    ['an unknown form index', { ncf_form_index: '7' }, 'There is no sidebar form "7".'],
    ['no form index', { ncf_form_index: '' }, 'No ncf_form_index was given.'],
    ['a form index that is not a number', { ncf_form_index: '1; drop' }, 'There is no sidebar form "1; drop".'],
  ])('answers 400 ncf_unknown_form for %s', async (_name, change, text) => {
    const test = await appWith();
    const response = await ajax(test, message(await question(test), change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'ncf_unknown_form', message: text });
  });

  it('answers 400 unknown_action when the action is missing', async () => {
    const test = await appWith();
    const { action: _action, ...fields } = message(await question(test));
    const response = await ajax(test, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'unknown_action', message: 'No action was given.' });
  });

  it('answers 415 for a JSON body', async () => {
    const test = await appWith();
    const response = await test.app.inject({ method: 'POST', url: '/wp-admin/admin-ajax.php', payload: JSON.stringify({ action: 'ncf_send_message' }), headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers 413 for a body over 128 KB, with a code', async () => {
    const test = await appWith();
    const response = await ajax(test, message(await question(test), { ncf_message_field: 'x'.repeat(140 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('refuses a message over 5,000 characters beside the field', async () => {
    const test = await appWith();
    const response = await ajax(test, message(await question(test), { ncf_message_field: 'x'.repeat(5001) }));
    expect(response.json()).toMatchObject({ errors: { ncf_message_field: '* Your message can have at most 5000 characters.' } });
  });

  it('limits sends per address (FEEDBACK_RATE_LIMIT) with 429 ncf_rate_limited and Retry-After, and never limits the questions', async () => {
    const test = await appWith({ FEEDBACK_RATE_LIMIT: '2/1m' });
    for (let sent = 0; sent < 2; sent += 1) expect((await ajax(test, message(await question(test)))).json()).toEqual({ success: true, result: true });
    const asked = await question(test);
    const limited = await ajax(test, message(asked));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toEqual({ code: 'ncf_rate_limited', message: 'Too many messages from your address. Please try again in 60 seconds.' });
    // Nothing of the refused message was kept; its question is still good later.
    expect((await rows(test)).submissions).toHaveLength(2);
    for (let asks = 0; asks < 5; asks += 1) await question(test);
  });
});
