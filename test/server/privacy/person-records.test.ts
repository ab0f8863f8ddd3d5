import { readFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { startBrevoDelivery } from '../../../server/newsletter/brevo-delivery.ts';
import { backfillMessageIndex } from '../../../server/submissions/message-index.ts';
import { startBrevoStandIn, type BrevoStandIn } from '../helpers/brevo-stand-in.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { PERSON_RECORDS_ERROR, PERSON_RECORDS_ROUTE, type PersonRecords } from '../../../src/validation/privacy/person-records.protocol.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { multipartBody, DEFAULT_USER_AGENT } from '../helpers/multipart.ts';
import { fetchNonce, homeFields, postSubscribe, testNewsletterForms } from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { testForms, validContactFields } from '../helpers/test-forms.ts';

/*
 * Access and erasure (README, "Privacy"): everything held about one address, its archive for an
 * access request, its erasure in one transaction (files, Brevo contact, audit line that says
 * only that it happened), and on SQLite the address gone from the database file and its WAL.
 */

const SITE = 'https://www.example.co.za';
const PERSON = 'naledi.privacy.4417@example.org';
const OTHER = 'someone.else@example.org';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('naledi site plan '), Buffer.alloc(300, 0x20), Buffer.from('\n%%EOF\n')]);

let test: TestApp;
let brevo: BrevoStandIn;
let owner: TestPerson;
let staff: TestPerson;

beforeAll(async () => {
  brevo = await startBrevoStandIn();
  test = await createTestApp(
    { SITE_URL: SITE, MAIL_TO: 'sales@example.co.za', BREVO_API_KEY: brevo.apiKey, BREVO_API_URL: brevo.url },
    { forms: testForms, newsletterForms: testNewsletterForms },
  );
  await test.app.ready();
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
});
afterAll(async () => {
  await test.cleanup();
  await brevo.close();
});

async function sendMessage(email: string, file = false) {
  const body = await multipartBody({ ...validContactFields({ 'your-email': email }), ...(file ? { 'your-file': new File([new Uint8Array(PDF)], 'site plan.pdf', { type: 'application/pdf' }) } : {}) });
  const answer = await test.app.inject({ method: 'POST', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback', payload: body.payload, headers: { 'content-type': body.contentType, 'user-agent': DEFAULT_USER_AGENT } });
  expect(answer.json<{ status: string }>().status).toBe('mail_sent');
}

const asOwner = (url: string, person: TestPerson = owner) => test.app.inject({ method: 'GET', url: `${CONSOLE_API}${url}`, headers: consoleHeaders(test.app, person.cookie) });
const erase = (body: unknown) =>
  test.app.inject({ method: 'POST', url: `${CONSOLE_API}${PERSON_RECORDS_ROUTE.erase}`, payload: JSON.stringify(body), headers: { ...consoleHeaders(test.app, owner.cookie), 'content-type': 'application/json' } });
const records = async (subject: string) => (await asOwner(`${PERSON_RECORDS_ROUTE.records}?subject=${encodeURIComponent(subject)}`)).json<PersonRecords>();

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe(`access and erasure on ${testDialect}`, () => {
  it('refuses everyone but an owner, from the console, with a session', async () => {
    for (const route of [
      { method: 'GET' as const, url: `${CONSOLE_API}${PERSON_RECORDS_ROUTE.records}?subject=${PERSON}`, role: 'owner' as const },
      { method: 'GET' as const, url: `${CONSOLE_API}${PERSON_RECORDS_ROUTE.export}?subject=${PERSON}`, role: 'owner' as const },
      { method: 'POST' as const, url: `${CONSOLE_API}${PERSON_RECORDS_ROUTE.erase}`, role: 'owner' as const, body: { subject: OTHER, confirm: OTHER } },
    ]) {
      await expectConsoleRefusals(test.app, route, { owner, staff });
    }
  });

  it('names a subject that is neither an address nor a number, and an erasure not confirmed', async () => {
    for (const subject of ['', 'naledi', 'not@an', '0821234567', '+27 82 CALL ME']) {
      const answer: LightMyRequestResponse = await asOwner(`${PERSON_RECORDS_ROUTE.records}?subject=${encodeURIComponent(subject)}`);
      expect(answer.statusCode, subject).toBe(400);
      expect(answer.json()).toMatchObject({ code: PERSON_RECORDS_ERROR.invalidSubject, data: { field: 'subject' } });
    }
    const unconfirmed = await erase({ subject: PERSON, confirm: OTHER });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ code: PERSON_RECORDS_ERROR.notConfirmed, data: { field: 'confirm' } });
    const nothing = await erase({ subject: 'nobody.here@example.org', confirm: 'Nobody.Here@example.org' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: PERSON_RECORDS_ERROR.nothingHeld });
  });

  it('finds, exports and erases everything held about one address, and nothing of anyone else', async () => {
    await sendMessage(PERSON, true);
    await sendMessage(PERSON.toUpperCase());
    await sendMessage(OTHER, true);
    const signUp = await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email: PERSON }));
    expect(signUp.json<{ status: string }>().status).toBe('success');

    const found = await records(` ${PERSON.toUpperCase()} `);
    expect(found).toMatchObject({ subject: PERSON, subscribers: [{ email: PERSON, status: 'pending', consents: 1, changeWaiting: true }], mentionedIn: [], consoleAccount: false, erasable: true });
    expect(found.messages.map((message) => message.files)).toEqual([1, 0]);
    // Each message's form by the title the site gives it.
    expect(found.messages.map((message) => message.formTitle)).toEqual(found.messages.map((message) => test.app.messageCatalogue.find(message.form)!.title));
    expect(found.messages[0]!.formTitle).not.toMatch(/^Form \d/);
    // The confirmation mail; the company's mail about each message belongs to the message.
    expect(found.outbox).toBe(1);
    const bySms = await records('+27 82 555 0123');
    // The number finds the subscriber who gave it, and nothing held under their address.
    expect(bySms.subscribers.map((subscriber) => subscriber.email)).toEqual([PERSON]);
    expect(bySms.messages).toEqual([]);

    const exported = await asOwner(`${PERSON_RECORDS_ROUTE.export}?subject=${encodeURIComponent(PERSON)}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="access-request-\d{4}-\d{2}-\d{2}\.zip"$/);
    const archive = await unzip(exported.rawPayload);
    const document = JSON.parse(archive.get('records.json')!.toString('utf8')) as { about: string; messages: Array<{ fields: Record<string, unknown>; files: Array<{ inArchive: string }> }>; newsletter: Array<{ consentHistory: unknown[]; sms: string }>; outbox: Array<{ to: string }> };
    expect(document.about).toBe(PERSON);
    expect(document.messages).toHaveLength(2);
    expect(document.messages[0]!.fields['your-email']).toBe(PERSON);
    expect(document.newsletter).toMatchObject([{ sms: '+27825550123' }]);
    expect(document.newsletter[0]!.consentHistory).toHaveLength(1);
    const inArchive = document.messages[0]!.files[0]!.inArchive;
    expect(archive.get(inArchive)).toEqual(PDF);
    expect(JSON.stringify(document)).not.toContain(OTHER);
    // The same in words, for the person who asked: a page with the forms' labels, the lists by
    // name, every consent, the file's place in the archive; nothing of anyone else, no script.
    const page = archive.get('records.html')!.toString('utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain(`<h1>What ${test.app.liveContent.current.company.name} holds about ${PERSON}</h1>`);
    const form = test.app.messageCatalogue.find(found.messages[0]!.form)!;
    expect(page).toContain(`<h3>${form.title}, received `);
    expect(page).toContain(`<dt>${form.fields.find((field) => field.name === 'your-email')!.label}</dt><dd>${PERSON}</dd>`);
    expect(page).toContain(`in this archive as <code>${inArchive}</code>`);
    expect(page).toContain('<dt>Status</dt><dd>Waiting for confirmation</dd>');
    expect(page).toMatch(/<li>Signed up, \d{4}-\d{2}-\d{2} \d{2}:\d{2}: “/);
    expect(page).not.toContain(OTHER);
    expect(page).not.toMatch(/<script|src=|href=/);

    const filesBefore = readdirSync(test.uploadDir);
    expect(filesBefore).toHaveLength(2);
    const erased = await erase({ subject: PERSON, confirm: PERSON.toUpperCase() });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ erased: true });

    expect(await records(PERSON)).toMatchObject({ messages: [], subscribers: [], outbox: 0, erasable: false });
    const db = test.database.db;
    // The other person's message and file stay.
    expect((await db.selectFrom('submission_index').select('email').execute()).map((row) => row.email)).toEqual([OTHER]);
    expect(readdirSync(test.uploadDir)).toHaveLength(1);
    expect(filesBefore.filter((name) => !existsSync(path.join(test.uploadDir, name)))).toHaveLength(1);
    // Brevo is told to forget the contact: the only row left with the address, a DELETE.
    const brevoRows = await db.selectFrom('outbox').select(['channel', 'request']).where('channel', '=', 'brevo').execute();
    expect(brevoRows.map((row) => JSON.parse(row.request ?? '{}') as { method: string; path: string })).toEqual([{ method: 'DELETE', path: `/v3/contacts/${encodeURIComponent(PERSON)}`, body: null }]);
    // The audit log: an access export and an erasure happened, by the owner; not whose.
    const audit = await db.selectFrom('console_audit').select(['action', 'subject', 'detail', 'person_id']).where('action', 'in', ['access-export', 'erasure']).orderBy('id').execute();
    expect(audit.map((row) => [row.action, row.subject, row.person_id])).toEqual([
      ['access-export', 'a person', owner.id],
      ['erasure', 'a person', owner.id],
    ]);
    expect(JSON.stringify(await db.selectFrom('console_audit').selectAll().execute()).toLowerCase()).not.toContain(PERSON);
    // Nothing more is held, though Brevo's DELETE waits; once Brevo has it, its row goes too.
    expect(await records(PERSON)).toMatchObject({ outbox: 0, erasable: false });
    const worker = startBrevoDelivery(test.app, { pollMs: 20 });
    try {
      await waitFor('the erasure sent to Brevo', async () => ((await db.selectFrom('outbox').select('id').where('channel', '=', 'brevo').execute()).length === 0 ? true : undefined));
    } finally {
      await worker?.stop();
    }
    expect(brevo.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/v3/contacts/${encodeURIComponent(PERSON)}`]);
  });

  it.runIf(testDialect === 'sqlite')('leaves the address in neither the database file nor its WAL (SQLite)', async () => {
    const file = test.database.url.slice('sqlite:'.length);
    const bytes = Buffer.concat([await readFile(file), ...(existsSync(`${file}-wal`) ? [await readFile(`${file}-wal`)] : [])]);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from(OTHER))).toBe(true);
    for (const form of [PERSON, PERSON.toUpperCase(), 'naledi.privacy.4417', 'privacy.4417', 'naledi']) expect(bytes.includes(Buffer.from(form)), form).toBe(false);
  });

  it('finds an address or number as a whole, never inside another person\'s', async () => {
    const others = ['maryjo@example.org', 'jo@example.org.au', 'jo@example.organic.co.za'];
    for (const address of [...others, 'jo@example.org']) await sendMessage(address);
    // A message that names the address in its text, at the end of a sentence, is theirs too.
    const body = await multipartBody(validContactFields({ 'your-email': 'assistant@example.org', 'your-message': 'Please reply to my manager, jo@example.org.' }));
    await test.app.inject({ method: 'POST', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback', payload: body.payload, headers: { 'content-type': body.contentType, 'user-agent': DEFAULT_USER_AGENT } });
    // Theirs: the message they sent. Someone else's that names them: listed, kept, not exported.
    const found = await records('jo@example.org');
    expect(found.messages).toHaveLength(1);
    expect(found.mentionedIn).toHaveLength(1);
    expect((await erase({ subject: 'jo@example.org', confirm: 'jo@example.org' })).statusCode).toBe(200);
    const left = (await test.database.db.selectFrom('submission_index').select('email').execute()).map((row) => row.email);
    expect(left).toEqual(expect.arrayContaining([...others, 'assistant@example.org']));
    expect(left).not.toContain('jo@example.org');
  });

  it("takes as a person's own only the messages whose declared e-mail or phone field is theirs: a mention elsewhere is listed, never exported or erased", async () => {
    const ALICE = 'alice.own.7731@example.org';
    const ALICE_SMS = '+27825557731';
    const CAROL = 'carol.mentions.7731@example.org';
    const db = test.database.db;
    const send = async (fields: Record<string, string>) => {
      const body = await multipartBody(validContactFields(fields));
      const answer = await test.app.inject({ method: 'POST', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback', payload: body.payload, headers: { 'content-type': body.contentType, 'user-agent': DEFAULT_USER_AGENT } });
      expect(answer.json<{ status: string }>().status).toBe('mail_sent');
      return (await db.selectFrom('submissions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    };
    const panel = (posted: Record<string, string>) =>
      test.app.submissionWriter.storeSpam({ formId: 'ncf-1', status: 'mail_sent', postedData: posted, postedDataHash: 'x', remoteIpHash: null, userAgent: null, meta: {}, createdAt: new Date().toISOString() }, 'test');
    // Alice's own: her address in the form's e-mail field; her number in the page form's and the side panel's phone fields.
    const own = await send({ 'your-name': 'Alice Own', 'your-email': ALICE });
    const ownByPhone = await send({ 'your-name': 'Alice Own', 'your-email': 'alice.work.7731@example.org', 'your-phone': '+27 82 555 7731' });
    const ownByPanelPhone = await panel({ ncf_name_field: 'Alice Own', ncf_email_field: 'alice.panel.7731@example.org', ncf_phone_field: '+27 82 555 7731', ncf_message_field: 'Call me' });
    // Carol's: Alice's address or number as the whole of another field (a company), on either form.
    const carolsByAddress = await send({ 'your-name': 'Carol Mentioner', 'your-email': CAROL, 'your-phone': '+27 83 444 5566', 'your-company': ALICE, 'your-message': 'Carol Mentioner wrote this, from 12 Carol Street.' });
    const carolsByNumber = await send({ 'your-name': 'Carol Mentioner', 'your-email': CAROL, 'your-company': ALICE_SMS });
    const carolsOnPanel = await panel({ ncf_name_field: 'Carol Mentioner', ncf_email_field: CAROL, ncf_company_field: ALICE, ncf_message_field: 'Carol again' });

    const byAddress = await records(ALICE);
    expect(byAddress.messages.map((message) => message.id)).toEqual([own]);
    expect(byAddress.mentionedIn.map((message) => message.id)).toEqual([carolsByAddress, carolsOnPanel]);
    const byNumber = await records('+27 82 555 7731');
    expect(byNumber.messages.map((message) => message.id)).toEqual([ownByPhone, ownByPanelPhone]);
    expect(byNumber.mentionedIn.map((message) => message.id)).toEqual([carolsByNumber]);

    // Alice's access export holds nothing of Carol's but the ids of her messages.
    const exported = await asOwner(`${PERSON_RECORDS_ROUTE.export}?subject=${encodeURIComponent(ALICE)}`);
    const records_json = (await unzip(exported.rawPayload)).get('records.json')!.toString('utf8');
    for (const carols of [CAROL, 'Carol Mentioner', 'Carol Street', '+27834445566', '+27 83 444 5566']) expect(records_json, carols).not.toContain(carols);
    expect((JSON.parse(records_json) as { mentionedInMessagesOfOthers: Array<{ id: number }> }).mentionedInMessagesOfOthers.map((message) => message.id)).toEqual([carolsByAddress, carolsOnPanel]);

    // Erasing Alice by address and by number removes her messages; Carol's stay, whole.
    expect((await erase({ subject: ALICE, confirm: ALICE })).statusCode).toBe(200);
    expect((await erase({ subject: ALICE_SMS, confirm: ALICE_SMS })).statusCode).toBe(200);
    const left = (await db.selectFrom('submissions').select('id').where('id', 'in', [own, ownByPhone, ownByPanelPhone, carolsByAddress, carolsByNumber, carolsOnPanel]).orderBy('id').execute()).map((row) => row.id);
    expect(left).toEqual([carolsByAddress, carolsByNumber, carolsOnPanel]);
  });

  it('finds by number the messages indexed before the index kept phone numbers, once the start has read them', async () => {
    const body = await multipartBody(validContactFields({ 'your-email': 'older.phone.7731@example.org', 'your-phone': '+27 (84) 321-0000' }));
    await test.app.inject({ method: 'POST', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback', payload: body.payload, headers: { 'content-type': body.contentType, 'user-agent': DEFAULT_USER_AGENT } });
    const db = test.database.db;
    const { id } = await db.selectFrom('submissions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await db.selectFrom('submission_index').select('phone').where('submission_id', '=', id).executeTakeFirstOrThrow()).toEqual({ phone: '+27843210000' });
    // As a row indexed before migration 0032 is: no number read yet.
    await db.updateTable('submission_index').set({ phone: null }).where('submission_id', '=', id).execute();
    expect((await records('+27843210000')).messages).toEqual([]);
    expect(await backfillMessageIndex(db, test.app.messageCatalogue)).toBe(1);
    expect((await records('+27843210000')).messages.map((message) => message.id)).toEqual([id]);
    expect(await backfillMessageIndex(db, test.app.messageCatalogue)).toBe(0);
  });

  it('erases every subscriber who gave a number, and nothing under their addresses (the number is not verified)', async () => {
    // Someone signs up another person's address with their own number; a second person shares the number.
    for (const email of ['victim.sms@example.org', 'second.sms@example.org']) {
      const signUp = await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email, SMS: '+27 83 999 0000' }));
      expect(signUp.json<{ status: string }>().status).toBe('success');
    }
    await sendMessage('victim.sms@example.org');
    const found = await records('+27 83 999 0000');
    expect(found.subscribers.map((subscriber) => subscriber.email)).toEqual(['victim.sms@example.org', 'second.sms@example.org']);
    expect(found.messages).toEqual([]);
    expect((await erase({ subject: '+27839990000', confirm: '+27 83 999 0000' })).statusCode).toBe(200);
    const db = test.database.db;
    expect(await db.selectFrom('newsletter_subscribers').select('email').where('sms', '=', '+27839990000').execute()).toEqual([]);
    // The victim's message is untouched.
    expect((await db.selectFrom('submission_index').select('email').execute()).map((row) => row.email)).toContain('victim.sms@example.org');
  });

  it('redacts the address from the audit log where an export named it', async () => {
    await sendMessage('audited.person@example.org');
    const exported = await test.app.inject({ method: 'GET', url: `${CONSOLE_API}/messages/export.csv?q=Audited.Person@example.org`, headers: consoleHeaders(test.app, owner.cookie) });
    expect(exported.statusCode).toBe(200);
    const audit = () => test.database.db.selectFrom('console_audit').select('detail').execute();
    expect(JSON.stringify(await audit()).toLowerCase()).toContain('audited.person@example.org');
    expect((await erase({ subject: 'audited.person@example.org', confirm: 'audited.person@example.org' })).statusCode).toBe(200);
    expect(JSON.stringify(await audit()).toLowerCase()).not.toContain('audited.person@example.org');
    expect(JSON.stringify(await audit())).toContain('[erased]');
  });
});
