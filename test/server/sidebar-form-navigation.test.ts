import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sidebarContact } from '../support/site-content.ts';
import type { SidebarContact } from '../../content/structs/sidebar-contact.struct.ts';
import { navigationHeaders, scriptHeaders } from './helpers/form-navigation.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

/*
 * A sidebar message the browser posts itself to admin-ajax.php (README.md, "The sidebar contact
 * panel"): a sent message is stored as the script's and the visitor goes on to the form's page
 * (303), or sees its success text when it has none; one not taken is a page naming each field
 * and showing back what was sent, and says in words that the human test needs the page's
 * script. The same POST from the panel's script still answers the plugin's JSON.
 */

const SITE = 'https://www.example.co.za';
const form = sidebarContact.forms[0]!;
/** The human test off (as a form may be), to send a message without the question. */
const withoutHumanTest: SidebarContact = { ...sidebarContact, options: { ...sidebarContact.options, humantest: false } };
const withoutPage: SidebarContact = { ...withoutHumanTest, forms: [{ ...form, redirect: null }] };

let test: TestApp;
let plain: TestApp;
let stay: TestApp;

beforeAll(async () => {
  test = await createTestApp({ SITE_URL: SITE, MAIL_TO: 'sales@example.co.za' });
  plain = await createTestApp({ SITE_URL: SITE, MAIL_TO: 'sales@example.co.za' }, { sidebarContact: withoutHumanTest });
  stay = await createTestApp({ SITE_URL: SITE, MAIL_TO: 'sales@example.co.za' }, { sidebarContact: withoutPage });
  await Promise.all([test.app.ready(), plain.app.ready(), stay.app.ready()]);
  // Three apps, each on its own fresh database: more than the default hook time on a busy machine.
}, 60_000);

afterAll(async () => {
  await Promise.all([test.cleanup(), plain.cleanup(), stay.cleanup()]);
});

function send(app: TestApp, fields: Record<string, string>, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: 'POST',
    url: '/wp-admin/admin-ajax.php',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36', ...headers },
  });
}

/** The sidebar form as the browser posts it without the page's script: no question, so no challenge. */
function posted(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    action: 'ncf_send_message',
    ncf_form_index: '1',
    ncf_name_field: 'Thandi Mokoena',
    ncf_email_field: 'thandi@example.co.za',
    ncf_message_field: 'We need a 4 m LED wall\nfor a lobby in Sandton.',
    ncf_answer_field: '',
    ...overrides,
  };
}

function expectSafePage(response: LightMyRequestResponse): string {
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body).toMatch(/^<!doctype html>\n<html lang="en">/);
  expect(response.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  return response.body;
}

async function submissionCount(app: TestApp): Promise<number> {
  return (await app.database.db.selectFrom('submissions').select('id').execute()).length;
}

describe(`a sidebar message posted by the browser itself, on ${testDialect}`, () => {
  it("stores a sent message as the script would and sends the visitor to the form's page (303)", async () => {
    const response = await send(plain, posted(), navigationHeaders(SITE, `${SITE}/projects/`));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(form.redirect);
    const stored = await plain.database.db.selectFrom('submissions').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ form_id: 'ncf-1', status: 'mail_sent', spam: 0 });
    expect(JSON.parse(stored.posted_data)).toEqual({
      ncf_name_field: 'Thandi Mokoena',
      ncf_email_field: 'thandi@example.co.za',
      ncf_message_field: 'We need a 4 m LED wall\nfor a lobby in Sandton.',
    });
  });

  it('shows the success text when the form names no page to go on to', async () => {
    const response = await send(stay, posted(), navigationHeaders(SITE, `${SITE}/projects/`));
    expect(response.statusCode).toBe(200);
    const html = expectSafePage(response);
    expect(html).toContain('<h1>Message sent</h1>');
    expect(html).toContain(form.success);
    expect(html).toContain('<a href="/projects/">Back to the page</a>');
    expect(await submissionCount(stay)).toBe(1);
  });

  it('answers a message with errors with a page naming each field, saying the human test needs the script, and showing back what was sent, escaped', async () => {
    const before = await submissionCount(test);
    const response = await send(test, posted({ ncf_name_field: '<i>T</i>', ncf_email_field: 'nope' }), navigationHeaders(SITE, `${SITE}/about/`));
    expect(response.statusCode).toBe(200);
    const html = expectSafePage(response);
    expect(html).toContain('<h1>Your message was not sent</h1>');
    expect(html).toContain('Message not sent: one or more fields need attention.');
    expect(html).toContain('<li><strong>Your e-mail</strong>: * Your e-mail must be a valid email address.</li>');
    expect(html).toContain('<li><strong>Answer</strong>: * Please enter Answer</li>');
    expect(html).toContain('a small sum (a + b = ?) that a script puts on the page');
    expect(html).toContain('&lt;i&gt;T&lt;/i&gt;');
    expect(html).not.toContain('<i>T</i>');
    expect(html).toContain('We need a 4 m LED wall<br>\nfor a lobby in Sandton.');
    expect(html).toContain('<a href="/about/">Back to the page</a>');
    expect(await submissionCount(test)).toBe(before);
  });

  it('answers the same POSTs from the panel\'s script with the plugin\'s JSON, as before', async () => {
    const refused = await send(test, posted({ ncf_email_field: 'nope' }), scriptHeaders(SITE));
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ success: false, result: false, message: 'Message not sent: one or more fields need attention.', errors: { ncf_email_field: '* Your e-mail must be a valid email address.' } });
    const sent = await send(plain, posted(), scriptHeaders(SITE));
    expect(sent.json()).toEqual({ success: true, result: true });
  });

  it('answers a refusal with a page of its status, and the script with its JSON error', async () => {
    const page = await send(test, posted({ ncf_form_index: '9' }), navigationHeaders(SITE));
    expect(page.statusCode).toBe(400);
    expect(expectSafePage(page)).toContain('There is no sidebar form &quot;9&quot;.');
    const json = await send(test, posted({ ncf_form_index: '9' }), scriptHeaders(SITE));
    expect(json.json()).toEqual({ code: 'ncf_unknown_form', message: 'There is no sidebar form "9".' });
  });
});
