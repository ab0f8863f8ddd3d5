import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../server/http/request-log.ts';
import { DEFAULT_USER_AGENT, multipartBody } from '../helpers/multipart.ts';
import { homeFields, testNewsletterForms, urlencoded } from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';

/*
 * README "Privacy": a burst of every public route from a marker client address behind a trusted
 * proxy, with a marker e-mail address in every field that takes one; then every log line and
 * every column of every table (listed from the database's own catalogue) is searched. The
 * address is found nowhere, not even as its /24; the e-mail only where it is meant to be kept;
 * no unsubscribe or confirmation token in any log line.
 */

const MARKER_IP = '203.0.113.77';
const MARKER_NETWORK = '203.0.113.';
const MARKER_EMAIL = 'marker.person.7731@example.org';
const SITE = 'https://www.example.co.za';
/** The records meant to hold a visitor's e-mail address: the message, its search index, the subscriber, the mail. */
const MAY_HOLD_EMAIL = /^(submissions|submission_index.*|submission_search.*|newsletter_subscribers|outbox)$/;

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x20), Buffer.from('\n%%EOF\n')]);

let test: TestApp;
const logged: string[] = [];
const tokens: string[] = [];
let cookie = '';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logged.push(chunk.toString('utf8'));
      callback();
    },
  });
  test = await createTestApp(
    {
      SITE_URL: SITE,
      MAIL_TO: 'sales@example.co.za',
      TRUST_PROXY: '1',
      RATE_LIMIT_STORE: 'database',
      FEEDBACK_RATE_LIMIT: '4/1m',
      NEWSLETTER_RATE_LIMIT: '10/10m',
      CLICK_RATE_LIMIT: '120/1m',
      CLICK_COUNTS: 'on',
    },
    { forms: testForms, newsletterForms: testNewsletterForms, loggerInstance: pino(loggerOptions('trace'), stream) },
  );
  await test.app.ready();
});

afterAll(async () => {
  await test.cleanup();
});

/** A request as the marker client sends it through the proxy, with its visitor cookie once it has one. */
async function hit(options: InjectOptions & { headers?: Record<string, string> }) {
  const response = await test.app.inject({
    ...options,
    headers: { 'x-forwarded-for': MARKER_IP, 'user-agent': DEFAULT_USER_AGENT, referer: `${SITE}/`, ...(cookie === '' ? {} : { cookie }), ...options.headers },
  });
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (first?.startsWith('site_nonce_key=')) cookie = first.split(';')[0] ?? '';
  return response;
}

async function nonce(action: string): Promise<string> {
  return (await hit({ url: `/wp-json/site/v1/nonce/${action}` })).json<{ nonce: string }>().nonce;
}

async function multipart(url: string, fields: Parameters<typeof multipartBody>[0]) {
  const body = await multipartBody(fields);
  return hit({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType } });
}

const form = (fields: Record<string, string>) => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('latin1');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

async function everyTable(): Promise<Map<string, string>> {
  const db = test.database.db;
  const names =
    testDialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows.map((row) => row.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows.map((row) => row.name);
  const tables = new Map<string, string>();
  for (const name of names) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    tables.set(name, rows.map((row) => Object.values(row).map(asText).join('\u0001')).join('\n'));
  }
  return tables;
}

describe(`no raw addresses in logs or tables, on ${testDialect}`, () => {
  it('keeps the marker address out of every log line and table, and the marker e-mail out of all but its own records', async () => {
    // Pages, configuration, health, unknown paths (with an address in the query).
    for (const url of ['/', '/thank-you/', '/thank-you', '/projects/nothing-here/', '/wp-json/site/v1/config', '/healthz', `/no-such-page/?email=${MARKER_EMAIL}`, '/wp-json/nothing']) {
      expect((await hit({ url })).statusCode).toBeLessThan(500);
    }

    // The contact form: schema, a message with a file, the refill, a captcha image, refusals.
    expect((await hit({ url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback/schema' })).statusCode).toBe(200);
    const sent = await multipart('/wp-json/contact-form-7/v1/contact-forms/5/feedback', {
      ...validContactFields({ 'your-email': MARKER_EMAIL }),
      'your-file': new File([new Uint8Array(PDF)], 'brief.pdf', { type: 'application/pdf' }),
    });
    expect(sent.json<{ status: string }>().status).toBe('mail_sent');
    expect((await hit({ url: '/wp-json/contact-form-7/v1/contact-forms/5/refill' })).statusCode).toBe(200);
    await hit({ url: '/wp-content/uploads/wpcf7_captcha/12345678.svg' });
    expect((await hit({ method: 'POST', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback', payload: JSON.stringify({ email: MARKER_EMAIL }), headers: { 'content-type': 'application/json' } })).statusCode).toBe(415);
    expect((await multipart('/wp-json/contact-form-7/v1/contact-forms/999/feedback', validContactFields({ 'your-email': MARKER_EMAIL }))).statusCode).toBe(404);
    let limited = 0;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if ((await multipart('/wp-json/contact-form-7/v1/contact-forms/5/feedback', validContactFields({ 'your-email': MARKER_EMAIL }))).statusCode === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);

    // The sidebar panel: a question, a message, a refusal too large to read.
    const question = (await hit({ method: 'POST', url: '/wp-admin/admin-ajax.php', ...form({ action: 'ncf_human_test' }) })).json<{ data: { a: number; b: number; challenge: string } }>().data;
    const sidebar = await hit({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      ...form({
        action: 'ncf_send_message',
        ncf_form_index: '1',
        ncf_name_field: 'Marker Person',
        ncf_email_field: MARKER_EMAIL,
        ncf_message_field: 'A message for the privacy burst test.',
        ncf_answer_field: String(question.a + question.b),
        ncf_challenge: question.challenge,
      }),
    });
    expect(sidebar.json<{ success: boolean }>().success).toBe(true);
    expect((await hit({ method: 'POST', url: '/wp-admin/admin-ajax.php', ...form({ action: 'ncf_send_message', ncf_email_field: MARKER_EMAIL, padding: 'x'.repeat(200_000) }) })).statusCode).toBe(413);

    // The newsletter: the prefix list, a sign-up, a bad nonce, then both links by GET and POST.
    expect((await hit({ method: 'POST', url: '/wp-admin/admin-ajax.php', ...form({ action: 'sib_get_country_prefix', security: await nonce('sib_country_prefix') }) })).statusCode).toBe(200);
    const signUp = await hit({ method: 'POST', url: '/newsletter/subscribe/', payload: urlencoded(homeFields(await nonce('sib_subscribe'), { email: MARKER_EMAIL })), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(signUp.json<{ status: string }>().status).toBe('success');
    expect((await hit({ method: 'POST', url: '/newsletter/subscribe/', payload: urlencoded(homeFields('forged', { email: MARKER_EMAIL })), headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(403);
    const mail = await test.database.db.selectFrom('outbox').select('body').where('to_address', 'like', `%${MARKER_EMAIL}%`).executeTakeFirstOrThrow();
    for (const path of ['confirm', 'unsubscribe']) {
      const token = new RegExp(`/newsletter/${path}/\\?token=([^\\s"&<>]+)`).exec(mail.body)?.[1];
      expect(token, `the ${path} link in the confirmation mail`).toBeDefined();
      tokens.push(decodeURIComponent(token ?? ''));
      await hit({ url: `/newsletter/${path}/?token=${token ?? ''}` });
      await hit({ method: 'POST', url: `/newsletter/${path}/`, ...form({ token: decodeURIComponent(token ?? '') }) });
    }

    // Track The Click: a beacon, the counts (refused without a console session).
    const beacon = await multipart('/wp-json/track-the-click/v3/click/1', { postID: '12', location: `${SITE}/`, anchor: 'See our projects', target: `${SITE}/#projects` });
    expect(beacon.statusCode, beacon.body).toBe(200);
    expect((await multipart('/wp-json/track-the-click/v3/getpagelinkclicks/1', { postID: '2', location: `${SITE}/` })).statusCode).toBe(403);

    // What the server kept.
    const log = logged.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(MARKER_NETWORK);
    expect(log).not.toContain(MARKER_EMAIL);
    for (const token of tokens) expect(log).not.toContain(token);

    const tables = await everyTable();
    expect(tables.size).toBeGreaterThan(10);
    const holdingAddress = [...tables].filter(([, text]) => text.includes(MARKER_NETWORK)).map(([name]) => name);
    expect(holdingAddress).toEqual([]);
    const holdingEmail = [...tables].filter(([, text]) => text.toLowerCase().includes(MARKER_EMAIL)).map(([name]) => name);
    expect(holdingEmail.filter((name) => !MAY_HOLD_EMAIL.test(name))).toEqual([]);
    // The records meant to hold it do: the search above could otherwise find nothing anywhere.
    expect(holdingEmail).toEqual(expect.arrayContaining(['submissions', 'newsletter_subscribers', 'outbox']));
  });
});
