import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API, CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { INBOX_ERROR, INBOX_PAGE_SIZE, InboxPageStruct, MessageAnswerStruct } from '../../../src/validation/inbox/inbox.protocol.ts';
import { is } from 'superstruct';
import { backfillMessageIndex } from '../../../server/submissions/message-index.ts';
import type { SubmissionRecord } from '../../../server/submissions/submission-record.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { validContactFields } from '../helpers/test-forms.ts';

// The inbox's routes (server/inbox/), through the real app, signed in as the console's people.
let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;

beforeAll(async () => {
  test = await createTestApp({ MAIL_TO: 'sales@example.co.za' });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
});
afterAll(() => test.cleanup());

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x20), Buffer.from('\n%%EOF\n')]);

async function get(path: string, person: TestPerson = staff) {
  return test.app.inject({ url: `${CONSOLE_API}${path}`, headers: consoleHeaders(test.app, person.cookie) });
}
async function post(path: string, body: unknown, person: TestPerson = staff) {
  return test.app.inject({ method: 'POST', url: `${CONSOLE_API}${path}`, headers: { ...consoleHeaders(test.app, person.cookie), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}
async function list(query: Record<string, string> = {}) {
  const response = await get(`/messages?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json();
  expect(is(page, InboxPageStruct)).toBe(true);
  return page as { messages: Array<{ id: number; name: string; email: string; subject: string; read: boolean; spam: boolean; spamReason: string | null; delivery: string; attachments: number; form: { id: string } }>; next: string | null; forms: Array<{ id: string; title: string }> };
}

/** A message sent through the public contact form; answers its id. */
async function sendContact(overrides: Record<string, string | File> = {}): Promise<number> {
  const answer = answerOf(await postFeedback(test.app, 5, { ...validContactFields(), ...overrides }));
  expect(answer.status).toBe('mail_sent');
  const row = await test.app.db.selectFrom('submissions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

function record(formId: string, postedData: Record<string, string>, createdAt = new Date().toISOString()): SubmissionRecord {
  return { formId, status: 'mail_sent', postedData, postedDataHash: 'x', remoteIpHash: null, userAgent: null, meta: { url: 'https://example.co.za/about/' }, createdAt };
}

const ids = (page: { messages: Array<{ id: number }> }) => page.messages.map((message) => message.id);

describe(`the inbox on ${testDialect}`, () => {
  it('lists a message sent through the contact form and finds it by name, company, address, subject and a prefix', async () => {
    const id = await sendContact({ 'your-name': 'Zanele Mokoena', 'your-email': 'zanele@mokoena-signs.co.za', 'your-company': 'Mokoena Signs', 'your-message': 'Quote for a façade screen in Polokwane please.' });
    const all = await list();
    expect(all.messages[0]).toMatchObject({ id, name: 'Zanele Mokoena', email: 'zanele@mokoena-signs.co.za', subject: 'LED video walls', read: false, spam: false, delivery: 'queued', form: { id: '5' } });
    for (const q of ['Zanele', 'mokoena signs', 'zanele@mokoena-signs.co.za', 'Polokw', 'polokwane quote', 'LED video']) {
      expect(ids(await list({ q })), q).toContain(id);
    }
    expect(ids(await list({ q: 'Polokwane Johannesburg' }))).not.toContain(id);
    expect(all.forms).toContainEqual({ id: '5', title: 'Send us a message' });
    expect(all.forms.some((form) => form.id.startsWith('ncf-'))).toBe(true);
  });

  it('indexes spam and sidebar messages too, by the sidebar form\'s own fields', async () => {
    const spamId = await test.app.submissionWriter.storeSpam(record('5', { 'your-name': 'Cheap Pills', 'your-email': 'x@spam.example', 'your-message': 'Buy viagraxyz now' }), 'disallowed word');
    const sidebar = await test.app.submissionWriter.storeSpam(record('ncf-1', { ncf_name_field: 'Pieter Botha', ncf_email_field: 'pieter@botha.example', ncf_company_field: 'Botha Boerdery', ncf_message_field: 'Scoreboard for the rugby field' }), 'user agent');
    expect(ids(await list({ q: 'viagraxyz' }))).toEqual([spamId]);
    const found = await list({ q: 'botha boerdery' });
    expect(found.messages).toEqual([expect.objectContaining({ id: sidebar, name: 'Pieter Botha', email: 'pieter@botha.example', spam: true, spamReason: 'user agent', delivery: 'none' })]);
    expect(ids(await list({ state: 'spam' }))).toEqual(expect.arrayContaining([spamId, sidebar]));
    expect(ids(await list({ state: 'new' }))).not.toContain(spamId);
  });

  it('indexes messages stored before the index when the app starts', async () => {
    const { id } = await test.app.db
      .insertInto('submissions')
      .values({ form_id: '5', status: 'mail_sent', posted_data: JSON.stringify({ 'your-name': 'Old Timer', 'your-message': 'Stored before the inbox existed' }), posted_data_hash: 'x', remote_ip_hash: null, user_agent: null, created_at: new Date().toISOString(), meta: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(ids(await list({ q: 'Old Timer' }))).toEqual([]);
    expect(await backfillMessageIndex(test.app.db, test.app.messageCatalogue)).toBe(1);
    expect(ids(await list({ q: 'old tim' }))).toEqual([id]);
  });

  it('never fails on full-text or SQL syntax in a search', async () => {
    for (const q of ['"', '*', 'OR', '-', ':', 'NEAR(', '"unterminated', "'; drop table submissions; --", 'a*b', '^x', 'name:x', '(', 'AND OR NOT', 'zanele -mokoena', '\\', '%_', '🙂', 'x'.repeat(200)]) {
      const response = await get(`/messages?${new URLSearchParams({ q })}`);
      expect(response.statusCode, q).toBe(200);
    }
    expect(ids(await list({ q: '"Zanele*' }))).toHaveLength(1);
    expect(ids(await list({ q: 'OR' }))).toEqual([]);
  });

  it('pages newest first by cursor, and refuses a forged cursor with 400 inbox_invalid_query', async () => {
    const base = Date.parse('2025-06-01T10:00:00.000Z');
    for (let index = 0; index < INBOX_PAGE_SIZE + 5; index += 1) {
      await test.app.submissionWriter.storeSpam(record('5', { 'your-name': `Pager ${index}`, 'your-message': 'pagingtest' }, new Date(base + index * 1000).toISOString()), 'test');
    }
    const first = await list({ q: 'pagingtest' });
    expect(first.messages).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.messages[0]!.name).toBe(`Pager ${INBOX_PAGE_SIZE + 4}`);
    expect(first.next).not.toBeNull();
    const second = await list({ q: 'pagingtest', cursor: first.next! });
    expect(second.messages.map((message) => message.name)).toEqual(['Pager 4', 'Pager 3', 'Pager 2', 'Pager 1', 'Pager 0']);
    expect(second.next).toBeNull();

    const forged = [
      'not-a-cursor!',
      Buffer.from('{"id":1}').toString('base64url'),
      Buffer.from('{"after":"1 or 1=1"}').toString('base64url'),
      Buffer.from('{"after":1.5}').toString('base64url'),
      Buffer.from('{"after":-1}').toString('base64url'),
      Buffer.from('{"after":99999999999}').toString('base64url'),
      Buffer.from('{"after":5,"x":1}').toString('base64url'),
      Buffer.from('[5]').toString('base64url'),
      first.next!.slice(0, 10),
    ];
    for (const cursor of forged) {
      const response = await get(`/messages?${new URLSearchParams({ cursor })}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ code: INBOX_ERROR.invalidQuery, data: { status: 400, field: 'cursor' } });
    }
  });

  it('refuses a wrong filter with the parameter it names', async () => {
    for (const [query, field] of [['state=unread', 'state'], ['from=2026-02-31', 'from'], ['from=yesterday', 'from'], ['from=2026-03-02&to=2026-03-01', 'to'], ['q=' + 'x'.repeat(201), 'q']] as const) {
      const response = await get(`/messages?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: INBOX_ERROR.invalidQuery, data: { field } });
    }
  });

  it('filters by the company\'s days (Africa/Johannesburg), inclusive, and by form', async () => {
    // 22:30 UTC on the 9th is 00:30 on the 10th in Johannesburg; 21:59 UTC on the 10th is 23:59 there.
    const early = await test.app.submissionWriter.storeSpam(record('5', { 'your-name': 'Day Early', 'your-message': 'daytest' }, '2026-03-09T22:30:00.000Z'), 't');
    const late = await test.app.submissionWriter.storeSpam(record('5', { 'your-name': 'Day Late', 'your-message': 'daytest' }, '2026-03-10T21:59:00.000Z'), 't');
    const before = await test.app.submissionWriter.storeSpam(record('5', { 'your-name': 'Day Before', 'your-message': 'daytest' }, '2026-03-09T21:59:00.000Z'), 't');
    const after = await test.app.submissionWriter.storeSpam(record('ncf-1', { ncf_name_field: 'Day After', ncf_message_field: 'daytest' }, '2026-03-10T22:00:00.000Z'), 't');
    expect(ids(await list({ q: 'daytest', from: '2026-03-10', to: '2026-03-10' }))).toEqual([late, early]);
    expect(ids(await list({ q: 'daytest', to: '2026-03-09' }))).toEqual([before]);
    expect(ids(await list({ q: 'daytest', from: '2026-03-11' }))).toEqual([after]);
    expect(ids(await list({ q: 'daytest', form: 'ncf-1' }))).toEqual([after]);
  });
});

describe(`a message and its actions on ${testDialect}`, () => {
  it('shows every field as the form labels it, the page, its files and its delivery', async () => {
    const id = await sendContact({ 'your-name': 'Lerato Dlamini', 'your-file': new File([new Uint8Array(PDF)], 'Façade plan (v2).pdf', { type: 'application/pdf' }) });
    const response = await get(`/messages/${id}`);
    expect(response.statusCode).toBe(200);
    expect(is(response.json(), MessageAnswerStruct)).toBe(true);
    const { message } = response.json();
    expect(message.fields).toContainEqual({ name: 'your-name', label: 'Full name', value: 'Lerato Dlamini' });
    expect(message.fields).toContainEqual({ name: 'your-company', label: 'Company (optional)', value: 'Nkosi Retail' });
    expect(message.delivery).toMatchObject({ state: 'queued', attempts: 0, sentAt: null });
    expect(message.attachments).toEqual([expect.objectContaining({ field: 'your-file', name: 'Façade plan (v2).pdf', mediaType: 'application/pdf' })]);
    expect(message.read).toBe(false);

    const file = await get(message.attachments[0].url.slice(CONSOLE_API.length));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Fa_ade plan (v2).pdf"; filename*=UTF-8''Fa%C3%A7ade%20plan%20%28v2%29.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // Another message's file is not this message's.
    const other = await sendContact();
    const stolen = await get(`/messages/${other}/attachments/${message.attachments[0].id}`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe(CONSOLE_REFUSAL.notFound);
    expect((await get(`/messages/${id}/attachments/999999`)).statusCode).toBe(404);
    expect((await get('/messages/0')).statusCode).toBe(404);
    expect((await get('/messages/99999999999')).statusCode).toBe(404);

    await test.app.db.updateTable('outbox').set({ delivered_at: '2026-03-10T08:00:00.000Z', attempts: 1 }).where('submission_id', '=', id).execute();
    expect((await get(`/messages/${id}`)).json().message.delivery).toMatchObject({ state: 'sent', sentAt: '2026-03-10T08:00:00.000Z', attempts: 1 });
  });

  it('keeps the name of a field the form does not have', async () => {
    const id = await test.app.submissionWriter.storeSpam(record('5', { 'your-name': 'Kept', 'legacy-field': 'from the old site' }), 't');
    const { message } = (await get(`/messages/${id}`)).json();
    expect(message.fields).toEqual([{ name: 'your-name', label: 'Full name', value: 'Kept' }, { name: 'legacy-field', label: 'legacy-field', value: 'from the old site' }]);
    expect(message.page).toBe('https://example.co.za/about/');
  });

  it('marks read and unread', async () => {
    const id = await sendContact();
    expect((await post(`/messages/${id}/read`, { read: true })).json().message.read).toBe(true);
    expect(ids(await list({ state: 'read' }))).toContain(id);
    expect((await post(`/messages/${id}/read`, { read: false })).json().message.read).toBe(false);
    expect(ids(await list({ state: 'new' }))).toContain(id);
    const wrong = await post(`/messages/${id}/read`, { read: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'read' } });
  });

  it('marks as spam (its waiting mail is not sent) and releases it as npm run submissions -- --release does', async () => {
    const id = await sendContact({ 'your-name': 'Spam Then Not' });
    const marked = await post(`/messages/${id}/spam`, { spam: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().message).toMatchObject({ spam: true, spamReason: 'marked as spam by staff@example.co.za', delivery: { state: 'none' } });
    expect(await test.app.db.selectFrom('outbox').select('id').where('submission_id', '=', id).execute()).toEqual([]);

    const released = await post(`/messages/${id}/spam`, { spam: false });
    expect(released.statusCode).toBe(200);
    expect(released.json().message).toMatchObject({ spam: false, spamReason: null, delivery: { state: 'queued' } });
    const again = await post(`/messages/${id}/spam`, { spam: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(INBOX_ERROR.notSpam);
    const audit = await test.app.db.selectFrom('console_audit').select(['action', 'actor']).where('subject', '=', `message ${id}`).orderBy('id').execute();
    expect(audit).toEqual([{ action: 'spam-mark', actor: 'staff@example.co.za' }, { action: 'spam-release', actor: 'staff@example.co.za' }]);
  });

  it('tries a failed mail again now, and answers 409 when there is nothing to try', async () => {
    const id = await sendContact();
    await test.app.db.updateTable('outbox').set({ failed_at: '2026-03-10T08:00:00.000Z', attempts: 9, last_error: '535 Authentication failed', next_attempt_at: '2099-01-01T00:00:00.000Z' }).where('submission_id', '=', id).execute();
    expect((await get(`/messages/${id}`)).json().message.delivery).toMatchObject({ state: 'failed', attempts: 9, lastError: '535 Authentication failed' });
    const retried = await post(`/messages/${id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message.delivery.state).toBe('queued');
    const row = await test.app.db.selectFrom('outbox').select(['failed_at', 'next_attempt_at']).where('submission_id', '=', id).executeTakeFirstOrThrow();
    expect(row.failed_at).toBeNull();
    expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());

    await test.app.db.updateTable('outbox').set({ delivered_at: new Date().toISOString() }).where('submission_id', '=', id).execute();
    const sent = await post(`/messages/${id}/retry`, {});
    expect(sent.statusCode).toBe(409);
    expect(sent.json().code).toBe(INBOX_ERROR.nothingToRetry);
    expect((await test.app.db.selectFrom('console_audit').select('action').where('subject', '=', `message ${id}`).execute()).map((entry) => entry.action)).toEqual(['mail-retry']);
  });

  it('lets an owner delete a message with its files and mail, and not staff', async () => {
    const id = await sendContact({ 'your-file': new File([new Uint8Array(PDF)], 'brief.pdf', { type: 'application/pdf' }) });
    const stored = await test.app.db.selectFrom('submission_files').select('stored_name').where('submission_id', '=', id).executeTakeFirstOrThrow();
    expect(await readdir(test.uploadDir)).toContain(stored.stored_name);
    const byStaff = await post(`/messages/${id}/delete`, {}, staff);
    expect(byStaff.statusCode).toBe(403);
    const deleted = await post(`/messages/${id}/delete`, {}, owner);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await get(`/messages/${id}`)).statusCode).toBe(404);
    expect(await readdir(test.uploadDir)).not.toContain(stored.stored_name);
    expect(await test.app.db.selectFrom('outbox').select('id').where('submission_id', '=', id).execute()).toEqual([]);
    expect(ids(await list({ q: 'Thandi' }))).not.toContain(id);
    const audit = await test.app.db.selectFrom('console_audit').select(['action', 'actor']).where('subject', '=', `message ${id}`).execute();
    expect(audit).toEqual([{ action: 'deletion', actor: 'owner@example.co.za' }]);
  });
});

describe(`the export on ${testDialect}`, () => {
  it('writes the filter as formula-safe CSV with a BOM, and records the export', async () => {
    const cells = ['=HYPERLINK("http://evil.example","x")', '+27 82 000 0000', '-2+3', '@SUM(A1)', '\t=cmd|calc', '\r\n =1+1'];
    for (const [index, cell] of cells.entries()) await test.app.submissionWriter.storeSpam(record('5', { 'your-name': `Formula ${index}`, 'your-company': cell, 'your-message': 'csvtest' }, `2026-04-0${index + 1}T10:00:00.000Z`), 'test');
    const response = await get('/messages/export.csv?q=csvtest&state=spam');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = response.body;
    expect(text.startsWith('\uFEFFid,received,form,name,email,company,subject,message,state,spam reason,page\r\n')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(cells.length + 1);
    // Newest first; 10:00 UTC is 12:00 in Johannesburg.
    expect(lines[1]).toMatch(/^\d+,2026-04-06 12:00,Send us a message,Formula 5,,'=1\+1,,csvtest,spam,test,https:\/\/example\.co\.za\/about\/$/);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    // A leading tab or line break is trimmed with the rest of the white space, and what follows is still made text.
    for (const cell of [",'+27 82 000 0000,", ",'-2+3,", ",'@SUM(A1),", ",'=cmd|calc,"]) expect(text).toContain(cell);
    const audit = await test.app.db.selectFrom('console_audit').select(['detail', 'actor']).where('action', '=', 'export').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toEqual({ filter: { state: 'spam', q: 'csvtest' }, rows: cells.length });
    expect(audit.actor).toBe('staff@example.co.za');
    const withCursor = await get('/messages/export.csv?cursor=abc');
    expect(withCursor.statusCode).toBe(400);
  });
});

describe(`every inbox route refuses on ${testDialect}`, () => {
  it('without a session, from another origin, with the wrong role, or for a revoked person', async () => {
    const id = await sendContact();
    const people = { owner, staff };
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages/export.csv`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages/${id}`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages/${id}/attachments/1`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/read`, role: 'staff', body: { read: true } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/spam`, role: 'staff', body: { spam: true } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/retry`, role: 'staff', body: {} }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/delete`, role: 'owner', body: {} }, people);
    expect((await get(`/messages/${id}`)).statusCode).toBe(200);
  });
});
