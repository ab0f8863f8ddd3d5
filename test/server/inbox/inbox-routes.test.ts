import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API, CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { BULK_MAX, BulkAnswerStruct, INBOX_ERROR, INBOX_PAGE_SIZE, InboxCountsStruct, InboxPageStruct, MessageAnswerStruct, RetryAnswerStruct } from '../../../src/validation/inbox/inbox.protocol.ts';
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

/** Every message of a filter, page after page. */
async function listAll(query: Record<string, string>): Promise<number[]> {
  const found: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(cursor === null ? query : { ...query, cursor });
    found.push(...ids(page));
    cursor = page.next;
  } while (cursor !== null);
  return found;
}

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
    // The default view leaves spam out; "everything" and "spam" show it.
    expect(ids(await list({ q: 'viagraxyz' }))).toEqual([]);
    expect(ids(await list({ q: 'viagraxyz', state: 'all' }))).toEqual([spamId]);
    const found = await list({ q: 'botha boerdery', state: 'spam' });
    expect(found.messages).toEqual([expect.objectContaining({ id: sidebar, name: 'Pieter Botha', email: 'pieter@botha.example', spam: true, spamReason: 'user agent', delivery: 'none' })]);
    expect(ids(await list({ state: 'spam' }))).toEqual(expect.arrayContaining([spamId, sidebar]));
    expect(ids(await list({ state: 'new' }))).not.toContain(spamId);
  });

  it('counts each state filter and names the newest message that is not spam', async () => {
    const before = (await get('/messages/counts')).json();
    const id = await sendContact({ 'your-name': 'Counted Once' });
    const spam = await test.app.submissionWriter.storeSpam(record('5', { 'your-name': 'Counted Spam' }), 't');
    const after = await get('/messages/counts');
    expect(after.statusCode).toBe(200);
    expect(is(after.json(), InboxCountsStruct)).toBe(true);
    const { counts, newest } = after.json();
    expect(counts).toEqual({
      inbox: before.counts.inbox + 1,
      new: before.counts.new + 1,
      unanswered: before.counts.unanswered + 1,
      read: before.counts.read,
      spam: before.counts.spam + 1,
      all: before.counts.all + 2,
    });
    // Spam arriving is not news: the newest is the message.
    expect(newest).toBe(id);
    expect(spam).toBeGreaterThan(id);
    // Read and answered move it from one count to the other.
    await post(`/messages/${id}/read`, { read: true });
    await post(`/messages/${id}/answered`, { answered: true });
    const moved = (await get('/messages/counts')).json().counts;
    expect(moved).toMatchObject({ new: before.counts.new, read: before.counts.read + 1, unanswered: before.counts.unanswered, inbox: before.counts.inbox + 1 });
    // The counts are those of the lists.
    for (const state of ['new', 'unanswered', 'spam'] as const) expect(moved[state]).toBe((await listAll({ state })).length);
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
    const first = await list({ state: 'spam', q: 'pagingtest' });
    expect(first.messages).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.messages[0]!.name).toBe(`Pager ${INBOX_PAGE_SIZE + 4}`);
    expect(first.next).not.toBeNull();
    const second = await list({ state: 'spam', q: 'pagingtest', cursor: first.next! });
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
    expect(ids(await list({ state: 'all', q: 'daytest', from: '2026-03-10', to: '2026-03-10' }))).toEqual([late, early]);
    expect(ids(await list({ state: 'all', q: 'daytest', to: '2026-03-09' }))).toEqual([before]);
    expect(ids(await list({ state: 'all', q: 'daytest', from: '2026-03-11' }))).toEqual([after]);
    expect(ids(await list({ state: 'all', q: 'daytest', form: 'ncf-1' }))).toEqual([after]);
  });
});

describe(`a message and its actions on ${testDialect}`, () => {
  it('shows every field as the form labels it, the page, its files and its delivery', async () => {
    const id = await sendContact({ 'your-name': 'Lerato Dlamini', 'your-file': new File([new Uint8Array(PDF)], 'Façade plan (v2).pdf', { type: 'application/pdf' }) });
    const response = await get(`/messages/${id}`);
    expect(response.statusCode).toBe(200);
    expect(is(response.json(), MessageAnswerStruct)).toBe(true);
    const { message } = response.json();
    // Each field the form's definition makes a part of the message says which (the console links the address and the number).
    expect(message.fields).toContainEqual({ name: 'your-name', label: 'Full name', value: 'Lerato Dlamini', part: 'name' });
    expect(message.fields).toContainEqual({ name: 'your-company', label: 'Company (optional)', value: 'Nkosi Retail', part: 'company' });
    expect(message.fields).toContainEqual(expect.objectContaining({ name: 'your-email', part: 'email' }));
    expect(message.fields.filter((field: { part?: string }) => field.part === 'phone')).toHaveLength(1);
    // The agreement box carries the words agreed to (the console says "Ticked: …", not "1").
    const consent = message.fields.find((field: { name: string }) => field.name === 'your-consent');
    expect(consent).toMatchObject({ label: 'Consent to be contacted', value: '1', agreement: expect.stringMatching(/^I agree that .* may store my details/) });
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
    expect(message.fields).toEqual([{ name: 'your-name', label: 'Full name', value: 'Kept', part: 'name' }, { name: 'legacy-field', label: 'legacy-field', value: 'from the old site' }]);
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

  it('marks as answered (who, when; audited once), lists what is not answered, and takes it back', async () => {
    const id = await sendContact({ 'your-name': 'Answer Me' });
    const spam = await test.app.submissionWriter.storeSpam(record('5', { 'your-name': 'Spam Nobody Answers' }), 't');
    expect((await get(`/messages/${id}`)).json().message.answered).toBeNull();
    const unanswered = ids(await list({ state: 'unanswered' }));
    expect(unanswered).toContain(id);
    // Spam is never waiting for an answer.
    expect(unanswered).not.toContain(spam);

    const marked = await post(`/messages/${id}/answered`, { answered: true });
    expect(marked.statusCode).toBe(200);
    const { answered } = marked.json().message;
    expect(answered).toMatchObject({ by: 'staff@example.co.za' });
    expect(Number.isNaN(Date.parse(answered.at))).toBe(false);
    expect(ids(await list({ state: 'unanswered' }))).not.toContain(id);
    // Marking it again (by someone else) keeps who answered first, and is not audited again.
    expect((await post(`/messages/${id}/answered`, { answered: true }, owner)).json().message.answered).toEqual(answered);

    const taken = await post(`/messages/${id}/answered`, { answered: false }, owner);
    expect(taken.json().message.answered).toBeNull();
    expect(ids(await list({ state: 'unanswered' }))).toContain(id);
    const audit = await test.app.db.selectFrom('console_audit').select(['action', 'actor', 'detail']).where('subject', '=', `message ${id}`).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'message-answered', actor: 'staff@example.co.za', detail: JSON.stringify({ answered: true }) },
      { action: 'message-answered', actor: 'owner@example.co.za', detail: JSON.stringify({ answered: false }) },
    ]);
    const wrong = await post(`/messages/${id}/answered`, { answered: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'answered' } });
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

  it('puts a held mail back in the queue, says nothing can be tried without SMTP_URL, and answers 409 when there is nothing to try', async () => {
    const id = await sendContact();
    await test.app.db.updateTable('outbox').set({ failed_at: '2026-03-10T08:00:00.000Z', attempts: 9, last_error: '535 Authentication failed', next_attempt_at: '2099-01-01T00:00:00.000Z' }).where('submission_id', '=', id).execute();
    expect((await get(`/messages/${id}`)).json().message.delivery).toMatchObject({ state: 'failed', attempts: 9, lastError: '535 Authentication failed' });
    const retried = await post(`/messages/${id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    expect(is(retried.json(), RetryAnswerStruct)).toBe(true);
    expect(retried.json().message.delivery.state).toBe('queued');
    // It answered nothing before; this app has no SMTP_URL (test/server/inbox/mail-retry.test.ts: a real mail server).
    expect(retried.json().retry).toEqual({ outcome: 'notConfigured', variable: 'SMTP_URL' });
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

describe(`internal notes on ${testDialect}`, () => {
  it('adds a note (who, when; its words kept out of the audit log), exports it with the message and deletes it with the message', async () => {
    const id = await sendContact({ 'your-name': 'Noted Sender', 'your-message': 'notestest: we need a 3 m wall for our lobby by June.' });
    const added = await post(`/messages/${id}/notes`, { text: '  Called back: site visit Friday.\n=not a formula  ' });
    expect(added.statusCode).toBe(200);
    const [note] = added.json().message.notes;
    expect(note).toMatchObject({ by: 'staff@example.co.za', text: 'Called back: site visit Friday.\n=not a formula' });
    expect((await post(`/messages/${id}/notes`, { text: 'Quote sent.' }, owner)).json().message.notes.map((entry: { by: string }) => entry.by)).toEqual(['staff@example.co.za', 'owner@example.co.za']);
    for (const text of ['   ', '', 'x'.repeat(2001)]) {
      const refused = await post(`/messages/${id}/notes`, { text });
      expect(refused.statusCode, JSON.stringify(text.slice(0, 5))).toBe(400);
      expect(refused.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'text' } });
    }
    const audit = await test.app.db.selectFrom('console_audit').select(['action', 'detail']).where('subject', '=', `message ${id}`).where('action', '=', 'message-note').execute();
    expect(audit).toEqual([{ action: 'message-note', detail: '{}' }, { action: 'message-note', detail: '{}' }]);

    await post(`/messages/${id}/answered`, { answered: true });
    const csv = (await get('/messages/export.csv?q=notestest', owner)).body;
    // Both notes in one cell, one line each, "when, who: what"; the answer's when and who; a note's formula made text.
    expect(csv).toMatch(/,"\d{4}-\d{2}-\d{2} \d{2}:\d{2}, staff@example\.co\.za","\d{4}-\d{2}-\d{2} \d{2}:\d{2}, staff@example\.co\.za: Called back: site visit Friday\.\n'=not a formula\n\d{4}-\d{2}-\d{2} \d{2}:\d{2}, owner@example\.co\.za: Quote sent\."\r\n$/);

    expect((await post(`/messages/${id}/delete`, {}, owner)).statusCode).toBe(200);
    expect(await test.app.db.selectFrom('message_notes').select('id').where('submission_id', '=', id).execute()).toEqual([]);
  });
});

describe(`the export on ${testDialect}`, () => {
  it('writes the filter as formula-safe CSV with a BOM, for an owner, and records the export', async () => {
    const cells = ['=HYPERLINK("http://evil.example","x")', '+27 82 000 0000', '-2+3', '@SUM(A1)', '\t=cmd|calc', '\r\n =1+1', 'Acme;=1+2'];
    for (const [index, cell] of cells.entries()) await test.app.submissionWriter.storeSpam(record('5', { 'your-name': `Formula ${index}`, 'your-company': cell, 'your-message': 'csvtest' }, `2026-04-0${index + 1}T10:00:00.000Z`), 'test');
    const response = await get('/messages/export.csv?q=csvtest&state=spam', owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = response.body;
    // Every field of every form under its label (without "(optional)"), the phone among them, then the message's facts.
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Number,Received,Form,Full name,Email address,Phone number,Company,What can we help with?,Your message,Drawing or brief,Consent to be contacted,' +
        'Your name,Your company,Your phone,Your address,Your e-mail,Email subject,Other fields,State,Spam reason,Page,Answered,Notes',
    );
    expect(lines).toHaveLength(cells.length + 1);
    // Newest first; 10:00 UTC is 12:00 in Johannesburg; the side panel's columns are empty for the page's form.
    expect(lines[2]).toMatch(/^\d+,2026-04-06 12:00,Send us a message,Formula 5,,,'=1\+1,,csvtest,,,,,,,,,,Spam,test,https:\/\/example\.co\.za\/about\/,,$/);
    // A company that a spreadsheet splitting on ";" would read as two cells, the second a formula:
    // quoted, and the second cell made text too.
    expect(lines[1]).toMatch(/^\d+,2026-04-07 12:00,Send us a message,Formula 6,,,"Acme;'=1\+2",/);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    // A leading tab or line break is trimmed with the rest of the white space, and what follows is still made text.
    for (const cell of [",'+27 82 000 0000,", ",'-2+3,", ",'@SUM(A1),", ",'=cmd|calc,"]) expect(text).toContain(cell);
    const audit = await test.app.db.selectFrom('console_audit').select(['detail', 'actor']).where('action', '=', 'export').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toEqual({ filter: { state: 'spam', q: 'csvtest' }, rows: cells.length });
    expect(audit.actor).toBe('owner@example.co.za');
    const withCursor = await get('/messages/export.csv?cursor=abc', owner);
    expect(withCursor.statusCode).toBe(400);
  });
});

describe(`the export's columns on ${testDialect}`, () => {
  it('has the phone under its label, a ticked agreement in words, one form\'s columns when filtered by it, and a field no form has in Other fields', async () => {
    const id = await sendContact({ 'your-name': 'Column Sender', 'your-phone': '082 555 0123', 'your-message': 'columnstest: a quote please' });
    await test.app.submissionWriter.storeSpam(record('5', { 'your-name': 'Old Field', 'your-message': 'columnstest', 'your-fax': '011 555 0000' }, '2026-04-10T10:00:00.000Z'), 'test');
    const csv = (await get('/messages/export.csv?q=columnstest&state=all&form=5', owner)).body.slice(1);
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual(['Number', 'Received', 'Form', 'Full name', 'Email address', 'Phone number', 'Company', 'What can we help with?', 'Your message', 'Drawing or brief', 'Consent to be contacted', 'Other fields', 'State', 'Spam reason', 'Page', 'Answered', 'Notes']);
    const sent = rows.find((row) => row.startsWith(`${id},`))!;
    expect(sent).toContain(',Column Sender,thandi@example.co.za,082 555 0123,Nkosi Retail,LED video walls,');
    expect(sent).toContain(',columnstest: a quote please,,"Ticked: “');
    expect(sent).toMatch(/,,New,,/);
    const old = rows.find((row) => row.includes('Old Field'))!;
    expect(old).toContain(',your-fax: 011 555 0000,Spam,test,');
  });
});

describe(`acting on many messages at once on ${testDialect}`, () => {
  /** The audit entries of bulk actions written since `after` (an audit id). */
  async function bulkAudit(after: number) {
    const rows = await test.app.db.selectFrom('console_audit').select(['id', 'actor', 'subject', 'detail']).where('action', '=', 'messages-bulk').where('id', '>', after).orderBy('id').execute();
    return rows.map((row) => ({ actor: row.actor, subject: row.subject, detail: JSON.parse(row.detail) as unknown }));
  }
  const lastAuditId = async () => (await test.app.db.selectFrom('console_audit').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
  async function bulk(action: string, selection: unknown, person: TestPerson = staff) {
    const response = await post('/messages/bulk', { action, selection }, person);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(is(answer, BulkAnswerStruct)).toBe(true);
    return answer as { action: string; selected: number; changed: number };
  }

  it('marks the chosen messages read, unread, answered and not answered in one request each, audited once with the count', async () => {
    const chosen = [await sendContact({ 'your-name': 'Bulk One' }), await sendContact({ 'your-name': 'Bulk Two' }), await sendContact({ 'your-name': 'Bulk Three' })];
    const other = await sendContact({ 'your-name': 'Bulk Left Alone' });
    await post(`/messages/${chosen[0]}/read`, { read: true });
    const before = await lastAuditId();

    // One was read already: three chosen, two changed.
    expect(await bulk('read', { ids: chosen })).toEqual({ action: 'read', selected: 3, changed: 2 });
    expect(ids(await list({ state: 'new' }))).not.toEqual(expect.arrayContaining([chosen[1]]));
    expect(ids(await list({ state: 'new' }))).toContain(other);
    expect(await bulk('unread', { ids: chosen })).toEqual({ action: 'unread', selected: 3, changed: 3 });
    expect(ids(await list({ state: 'new' }))).toEqual(expect.arrayContaining(chosen));

    expect(await bulk('answered', { ids: chosen })).toEqual({ action: 'answered', selected: 3, changed: 3 });
    const answered = (await get(`/messages/${chosen[2]}`)).json().message.answered;
    expect(answered).toMatchObject({ by: 'staff@example.co.za' });
    expect(ids(await list({ state: 'unanswered' }))).not.toEqual(expect.arrayContaining([chosen[0]]));
    // Again, by an owner: who answered first is kept.
    expect(await bulk('answered', { ids: chosen }, owner)).toEqual({ action: 'answered', selected: 3, changed: 0 });
    expect((await get(`/messages/${chosen[2]}`)).json().message.answered).toEqual(answered);
    expect(await bulk('unanswered', { ids: [chosen[0]!] })).toEqual({ action: 'unanswered', selected: 1, changed: 1 });

    expect(await bulkAudit(before)).toEqual([
      { actor: 'staff@example.co.za', subject: '3 messages', detail: { action: 'read', selected: 3, changed: 2 } },
      { actor: 'staff@example.co.za', subject: '3 messages', detail: { action: 'unread', selected: 3, changed: 3 } },
      { actor: 'staff@example.co.za', subject: '3 messages', detail: { action: 'answered', selected: 3, changed: 3 } },
      { actor: 'owner@example.co.za', subject: '3 messages', detail: { action: 'answered', selected: 3, changed: 0 } },
      { actor: 'staff@example.co.za', subject: '1 message', detail: { action: 'unanswered', selected: 1, changed: 1 } },
    ]);
    // The one left out was never touched.
    expect((await get(`/messages/${other}`)).json().message).toMatchObject({ read: false, answered: null });
  });

  it('acts on every message that matches a filter, not only the page shown, and leaves the rest alone', async () => {
    const matching = [];
    for (let index = 0; index < INBOX_PAGE_SIZE + 3; index += 1) matching.push(await test.app.submissionWriter.storeSpam(record('5', { 'your-name': `Filter Match ${index}`, 'your-message': 'bulkfiltertest' }), 'test'));
    const outside = await sendContact({ 'your-name': 'Not In The Filter', 'your-message': 'bulkfilterother' });
    const before = await lastAuditId();
    expect(await bulk('read', { filter: { state: 'spam', q: 'bulkfiltertest' } })).toEqual({ action: 'read', selected: matching.length, changed: matching.length });
    expect(await listAll({ state: 'spam', q: 'bulkfiltertest' })).toHaveLength(matching.length);
    const stillNew = await listAll({ state: 'new', q: 'bulkfilterother' });
    expect(stillNew).toEqual([outside]);
    expect(await bulkAudit(before)).toEqual([{ actor: 'staff@example.co.za', subject: `${matching.length} messages`, detail: { action: 'read', selected: matching.length, changed: matching.length, filter: { state: 'spam', q: 'bulkfiltertest' } } }]);
    // A filter that matches nothing changes nothing and writes nothing.
    expect(await bulk('read', { filter: { q: 'nothingmatchesthisword' } })).toEqual({ action: 'read', selected: 0, changed: 0 });
    expect(await bulkAudit(before)).toHaveLength(1);
  });

  it('marks as spam (their waiting mail not sent) and releases them (their mail goes out), as on one message', async () => {
    const chosen = [await sendContact({ 'your-name': 'Bulk Spam One' }), await sendContact({ 'your-name': 'Bulk Spam Two' })];
    expect(await test.app.db.selectFrom('outbox').select('id').where('submission_id', 'in', chosen).where('delivered_at', 'is', null).execute()).not.toEqual([]);
    expect(await bulk('spam', { ids: chosen })).toEqual({ action: 'spam', selected: 2, changed: 2 });
    for (const id of chosen) expect((await get(`/messages/${id}`)).json().message).toMatchObject({ spam: true, spamReason: 'marked as spam by staff@example.co.za', delivery: { state: 'none' } });
    expect(await test.app.db.selectFrom('outbox').select('id').where('submission_id', 'in', chosen).execute()).toEqual([]);
    expect(await bulk('spam', { ids: chosen })).toMatchObject({ changed: 0 });

    expect(await bulk('not-spam', { ids: chosen })).toEqual({ action: 'not-spam', selected: 2, changed: 2 });
    for (const id of chosen) expect((await get(`/messages/${id}`)).json().message).toMatchObject({ spam: false, spamReason: null, delivery: { state: 'queued' } });
    // Not spam again: nothing to release, not an error (some of a selection may never have been spam).
    expect(await bulk('not-spam', { ids: chosen })).toMatchObject({ changed: 0 });
  });

  it('lets an owner delete the chosen messages with their files, and not staff', async () => {
    const withFile = await sendContact({ 'your-file': new File([new Uint8Array(PDF)], 'bulk.pdf', { type: 'application/pdf' }) });
    const plain = await sendContact({ 'your-name': 'Bulk Deleted' });
    const stored = await test.app.db.selectFrom('submission_files').select('stored_name').where('submission_id', '=', withFile).executeTakeFirstOrThrow();
    const refused = await post('/messages/bulk', { action: 'delete', selection: { ids: [withFile, plain] } }, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(CONSOLE_REFUSAL.wrongRole);
    expect((await get(`/messages/${plain}`)).statusCode).toBe(200);

    const before = await lastAuditId();
    // An id that is no message is not counted.
    expect(await bulk('delete', { ids: [withFile, plain, 2_000_000_000] }, owner)).toEqual({ action: 'delete', selected: 2, changed: 2 });
    expect((await get(`/messages/${withFile}`)).statusCode).toBe(404);
    expect((await get(`/messages/${plain}`)).statusCode).toBe(404);
    expect(await readdir(test.uploadDir)).not.toContain(stored.stored_name);
    expect(await bulkAudit(before)).toEqual([{ actor: 'owner@example.co.za', subject: '2 messages', detail: { action: 'delete', selected: 2, changed: 2 } }]);
  });

  it('refuses a wrong action or selection with the field it names, and more than BULK_MAX messages', async () => {
    const id = await sendContact();
    for (const [body, field] of [
      [{ action: 'archive', selection: { ids: [id] } }, 'action'],
      [{ action: 'read', selection: { ids: [] } }, 'selection'],
      [{ action: 'read', selection: { ids: ['1'] } }, 'selection'],
      [{ action: 'read', selection: { ids: [1.5] } }, 'selection'],
      [{ action: 'read', selection: { filter: { state: 'archived' } } }, 'selection'],
      [{ action: 'read' }, 'selection'],
    ] as const) {
      const response = await post('/messages/bulk', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe(CONSOLE_REFUSAL.invalidBody);
      expect(response.json().data.field).toMatch(new RegExp(`^${field}`));
    }
    const tooMany = await post('/messages/bulk', { action: 'read', selection: { ids: Array.from({ length: BULK_MAX + 1 }, (_, index) => index + 1) } });
    expect(tooMany.statusCode).toBe(400);
    const dates = await post('/messages/bulk', { action: 'read', selection: { filter: { from: '2026-05-02', to: '2026-05-01' } } });
    expect(dates.statusCode).toBe(400);
    expect(dates.json()).toMatchObject({ code: INBOX_ERROR.invalidQuery, data: { field: 'to' } });
  });

  it('exports the chosen messages only, within the filter', async () => {
    const chosen = [await sendContact({ 'your-name': 'Exported Chosen', 'your-message': 'bulkexporttest' }), await sendContact({ 'your-name': 'Exported Too', 'your-message': 'bulkexporttest' })];
    await sendContact({ 'your-name': 'Not Exported', 'your-message': 'bulkexporttest' });
    const response = await get(`/messages/export.csv?q=bulkexporttest&ids=${chosen.join(',')}`, owner);
    expect(response.statusCode).toBe(200);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(response.body).toContain('Exported Chosen');
    expect(response.body).not.toContain('Not Exported');
    // The list is paged by its filter, not by ids.
    expect((await get(`/messages?ids=${chosen[0]}`)).json()).toMatchObject({ code: INBOX_ERROR.invalidQuery, data: { field: 'ids' } });
    expect((await get('/messages/export.csv?ids=1,x', owner)).statusCode).toBe(400);
  });
});

describe(`every inbox route refuses on ${testDialect}`, () => {
  it('without a session, from another origin, with the wrong role, or for a revoked person', async () => {
    const id = await sendContact();
    const people = { owner, staff };
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages/counts`, role: 'staff' }, people);
    // Staff read messages one at a time; only an owner takes the whole inbox away (as with subscribers).
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages/export.csv`, role: 'owner' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages/${id}`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/messages/${id}/attachments/1`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/read`, role: 'staff', body: { read: true } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/spam`, role: 'staff', body: { spam: true } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/answered`, role: 'staff', body: { answered: true } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/notes`, role: 'staff', body: { text: 'A note' } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/retry`, role: 'staff', body: {} }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/${id}/delete`, role: 'owner', body: {} }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/messages/bulk`, role: 'staff', body: { action: 'read', selection: { ids: [id] } } }, people);
    expect((await get(`/messages/${id}`)).statusCode).toBe(200);
  });
});
