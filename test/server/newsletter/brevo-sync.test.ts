import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../../server/mail/outbox-worker.ts';
import { startMailDelivery } from '../../../server/mail/start-mail-delivery.ts';
import { startBrevoDelivery } from '../../../server/newsletter/brevo-delivery.ts';
import { BREVO_UNSUBSCRIBE_WORDING, pollBrevo, startBrevoPoll } from '../../../server/newsletter/brevo-poll.ts';
import { brevoListsOf, queueBrevoContact, queueBrevoErasure } from '../../../server/newsletter/brevo-sync.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { addPerson, consoleHeaders } from '../helpers/console-people.ts';
import { startBrevoStandIn, type BrevoStandIn } from '../helpers/brevo-stand-in.ts';
import { fetchNonce, homeFields, postSubscribe, subscribeAnswer, testNewsletterForms, type NewsletterFields } from '../helpers/newsletter-requests.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { waitFor } from '../helpers/wait-for.ts';

/*
 * The newsletter service for real (README.md "The newsletter service (Brevo)"), against a local
 * stand-in that speaks Brevo's REST API v3: a confirmed sign-up becomes a contact with its lists
 * (mapped by BREVO_LIST_IDS) and SMS; unsubscribes blacklist it; Brevo down for an hour loses
 * nothing and the changes arrive in order; a 429's x-sib-ratelimit-reset is honoured and a 425
 * retried; a refusal is held with its error on the subscriber; an unsubscribe made in Brevo
 * reaches the database within a poll, past a contact without an address; a re-subscribe leaves
 * the blacklist and the lists left; a DELETE Brevo refuses (405) blacklists and empties the
 * contact instead; an SMS number already on another contact is left out, saying why, and
 * another duplicate is held.
 */

const SITE = 'https://news.example.co.za';
const EMAIL = 'thandi.nkosi@example.co.za';
const MINUTE = 60_000;
const cleanups: Array<() => Promise<void>> = [];
let clock = Date.parse('2026-11-20T08:00:00.000Z');

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  clock = Date.parse('2026-11-20T08:00:00.000Z');
});

interface Setup {
  test: TestApp;
  smtp: SmtpSink;
  brevo: BrevoStandIn;
}

/** A logger writing into `logged`, one parsed line each. */
function logInto(logged: Array<Record<string, unknown>>) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { level: 'warn', stream };
}

async function setUp(env: Record<string, string> = {}, standIn: { accountEmail?: string } = {}, logged?: Array<Record<string, unknown>>): Promise<Setup> {
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());
  const brevo = await startBrevoStandIn({ clock: () => clock, ...standIn });
  cleanups.push(() => brevo.close());
  const test = await createTestApp(
    { SITE_URL: SITE, SMTP_URL: smtp.url, MAIL_FROM: 'brief@example.co.za', BREVO_API_KEY: brevo.apiKey, BREVO_API_URL: brevo.url, BREVO_LIST_IDS: '2:7,4:9', ...env },
    { newsletterForms: testNewsletterForms, now: () => clock, ...(logged === undefined ? {} : { logger: logInto(logged) }) },
  );
  cleanups.push(() => test.cleanup());
  await test.app.ready();
  const workers: Array<OutboxWorker | null> = [startMailDelivery(test.app, { pollMs: 20 }), startBrevoDelivery(test.app, { pollMs: 20 })];
  cleanups.push(async () => {
    for (const worker of workers) await worker?.stop();
  });
  return { test, smtp, brevo };
}

function textOf(mail: ReceivedMail): string {
  return mail.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`${SITE.replaceAll('.', '\\.')}(${path.replaceAll('/', '\\/')}\\?token=[A-Za-z0-9.]+)`).exec(textOf(mail));
  if (match?.[1] === undefined) throw new Error(`no ${path} link in the mail`);
  return match[1];
}

/** Signs up on the home form (double opt-in) and answers the mailed links. */
async function signUp({ test, smtp }: Setup, email = EMAIL, fields: NewsletterFields = {}): Promise<{ confirm: string; unsubscribe: string }> {
  const before = smtp.received.length;
  const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email, ...fields })));
  expect(answer.status).toBe('success');
  const mail = await waitFor('the confirmation mail', () => smtp.received[before]);
  return { confirm: linkIn(mail, '/newsletter/confirm/'), unsubscribe: linkIn(mail, '/newsletter/unsubscribe/') };
}

async function press({ test }: Setup, link: string): Promise<void> {
  const [path, query] = link.split('?');
  const response = await test.app.inject({ method: 'POST', url: path!, payload: query!, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(response.statusCode).toBe(303);
}

const subscriber = (test: TestApp, email = EMAIL) => test.database.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const waitingBrevoRows = async (test: TestApp) =>
  (await test.database.db.selectFrom('outbox').select('id').where('channel', '=', 'brevo').where('delivered_at', 'is', null).execute()).length;
const brevoCalls = (brevo: BrevoStandIn) => brevo.requests.map((request) => `${request.method} ${request.path}`);
const heldBrevoRows = (test: TestApp) => test.database.db.selectFrom('outbox').select(['id', 'last_error']).where('channel', '=', 'brevo').where('failed_at', 'is not', null).execute();
const pollOptions = ({ test, brevo }: Setup) => {
  const lists = brevoListsOf(test.app.config);
  if (lists === null) throw new Error('Brevo is not configured');
  return { db: test.database.db, apiKey: brevo.apiKey, apiUrl: brevo.url, lists, now: () => clock };
};

describe(`the Brevo sync on ${testDialect}`, () => {
  it('makes a confirmed subscriber a contact with their lists and SMS, and blacklists them when they unsubscribe', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    const links = await signUp(setup);
    // Pending: nothing for Brevo yet.
    expect(await waitingBrevoRows(test)).toBe(0);
    await press(setup, links.confirm);
    const contact = await waitFor('the contact in Brevo', () => brevo.contacts.get(EMAIL));
    expect(contact).toMatchObject({ email: EMAIL, emailBlacklisted: false, listIds: [7, 9], attributes: { SMS: '+27825550123', FIRSTNAME: 'Thandi', PROJECT_DATE: '2027-03-05' } });
    expect(brevo.requests[0]).toMatchObject({ method: 'POST', path: '/v3/contacts', body: { email: EMAIL, listIds: [7, 9], updateEnabled: true } });
    await waitFor('the subscriber marked synced', async () => ((await subscriber(test)).brevo_synced_at !== null ? true : undefined));
    expect((await subscriber(test)).brevo_error).toBeNull();
    // The key is sent, never stored.
    const stored = await test.database.db.selectFrom('outbox').select('request').where('channel', '=', 'brevo').execute();
    expect(JSON.stringify(stored)).not.toContain(brevo.apiKey);

    await press(setup, links.unsubscribe);
    await waitFor('the contact blacklisted', () => (brevo.contacts.get(EMAIL)?.emailBlacklisted ? true : undefined));
    expect(brevoCalls(brevo)).toEqual(['POST /v3/contacts', `PUT /v3/contacts/${encodeURIComponent(EMAIL)}`]);
  });

  it('blacklists a contact the owner unsubscribes in the console at the person\'s request', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    await press(setup, (await signUp(setup)).confirm);
    await waitFor('the contact', () => brevo.contacts.get(EMAIL));
    const owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    const { id } = await subscriber(test);
    const response = await test.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/subscribers/${id}/unsubscribe`,
      payload: { note: 'Asked by phone on 20 November' },
      headers: { ...consoleHeaders(test.app, owner.cookie), 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor('the contact blacklisted', () => (brevo.contacts.get(EMAIL)?.emailBlacklisted ? true : undefined));
  });

  it('blacklists an address unsubscribed with one click, and creates it blacklisted when Brevo never had it', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    const links = await signUp(setup, 'one.click@example.co.za');
    await press(setup, links.confirm);
    await waitFor('the contact', () => brevo.contacts.get('one.click@example.co.za'));
    // Someone deleted it in Brevo meanwhile: the unsubscribe makes it again, blacklisted.
    brevo.contacts.delete('one.click@example.co.za');
    const [path, query] = links.unsubscribe.split('?');
    const oneClick = await test.app.inject({ method: 'POST', url: `${path}?${query}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.statusCode).toBe(200);
    const again = await waitFor('the contact made blacklisted', () => brevo.contacts.get('one.click@example.co.za'));
    expect(again.emailBlacklisted).toBe(true);
    expect(brevoCalls(brevo).slice(1)).toEqual(['PUT /v3/contacts/one.click%40example.co.za', 'POST /v3/contacts']);
  });

  it('loses nothing while Brevo is down for an hour, and sends the changes in order afterwards', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    brevo.failWith = 503;
    const links = await signUp(setup);
    await press(setup, links.confirm);
    await press(setup, links.unsubscribe);
    // An hour of failures: each try is refused, the rows wait; the later row never goes first.
    for (let minute = 0; minute < 60; minute += 5) {
      await waitFor('a failed try', async () => ((await test.database.db.selectFrom('outbox').select('last_error').where('channel', '=', 'brevo').where('last_error', 'is not', null).executeTakeFirst()) ? true : undefined));
      clock += 5 * MINUTE;
    }
    expect(brevoCalls(brevo).every((call) => call === 'POST /v3/contacts')).toBe(true);
    expect((await subscriber(test)).brevo_error).toMatch(/Brevo 503/);
    expect(await waitingBrevoRows(test)).toBe(2);
    brevo.failWith = null;
    brevo.requests.length = 0;
    // Retries are at most an hour apart.
    clock += 61 * MINUTE;
    await waitFor('both changes delivered', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    expect(brevoCalls(brevo)).toEqual(['POST /v3/contacts', `PUT /v3/contacts/${encodeURIComponent(EMAIL)}`]);
    expect(brevo.contacts.get(EMAIL)).toMatchObject({ emailBlacklisted: true, listIds: [7, 9] });
    expect((await subscriber(test)).brevo_error).toBeNull();
  });

  it('waits as long as a 429\'s x-sib-ratelimit-reset says before asking again', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    brevo.rateLimit(1, 120);
    const links = await signUp(setup);
    await press(setup, links.confirm);
    await waitFor('the 429', () => (brevo.requests.length === 1 ? true : undefined));
    // Real time passes (the worker polls every 20 ms); the company clock has not reached the wait's end.
    await new Promise((resolve) => setTimeout(resolve, 300));
    clock += 119_000;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(brevo.requests).toHaveLength(1);
    clock += 2_000;
    await waitFor('the contact after the wait', () => brevo.contacts.get(EMAIL));
    // Marked delivered once Brevo's answer is in: a moment after the stand-in has the contact.
    await waitFor('the change marked delivered', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
  });

  it('holds a change Brevo refuses, with its error on the subscriber, and lets the next change through', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    brevo.failWith = 400;
    const links = await signUp(setup);
    await press(setup, links.confirm);
    const held = await waitFor('the change held', async () => (await test.database.db.selectFrom('outbox').select(['failed_at', 'last_error']).where('channel', '=', 'brevo').where('failed_at', 'is not', null).executeTakeFirst()) ?? undefined);
    expect(held.last_error).toMatch(/Brevo 400 internal_error/);
    expect((await subscriber(test)).brevo_error).toMatch(/Brevo 400/);
    brevo.failWith = null;
    await press(setup, links.unsubscribe);
    // The held row does not block the address's next change.
    await waitFor('the unsubscribe sent', () => (brevo.requests.some((request) => request.method === 'PUT') ? true : undefined));
  });

  it('applies an unsubscribe made in Brevo, and a list left there, within one poll, queueing nothing back', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    for (const [email, sms] of [[EMAIL, '+27 82 555 0123'], ['sipho@example.co.za', '+27 82 555 0456']] as const) await press(setup, (await signUp(setup, email, { SMS: sms })).confirm);
    await waitFor('both contacts', () => (brevo.contacts.size === 2 ? true : undefined));
    await waitFor('nothing waiting', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    const poll = startBrevoPoll(test.app);
    if (poll === null) throw new Error('no poll');
    cleanups.push(() => poll.stop());
    clock += MINUTE;
    brevo.changeInBrevo(EMAIL, { emailBlacklisted: true });
    brevo.changeInBrevo('sipho@example.co.za', { listIds: [7] });
    await poll.runNow();
    expect(await subscriber(test)).toMatchObject({ status: 'unsubscribed' });
    expect(await subscriber(test, 'sipho@example.co.za')).toMatchObject({ status: 'subscribed', lists: '[2]' });
    const consents = await test.database.db.selectFrom('newsletter_consents').select(['action', 'wording', 'lists']).where('wording', '=', BREVO_UNSUBSCRIBE_WORDING).orderBy('id').execute();
    expect(consents).toEqual([
      { action: 'unsubscribe', wording: 'Unsubscribed in Brevo', lists: '[2,4]' },
      { action: 'unsubscribe', wording: 'Unsubscribed in Brevo', lists: '[4]' },
    ]);
    expect(await waitingBrevoRows(test)).toBe(0);
    // The next poll starts after what it applied: nothing again.
    const requestsBefore = brevo.requests.length;
    await poll.runNow();
    expect(brevo.requests.slice(requestsBefore).map((request) => request.path)).toEqual([expect.stringMatching(/^\/v3\/contacts\?modifiedSince=/)]);
    expect(await test.database.db.selectFrom('newsletter_consents').select('id').where('wording', '=', BREVO_UNSUBSCRIBE_WORDING).execute()).toHaveLength(2);
  });

  it('leaves a contact with our own change waiting for a later poll, and reads it again then', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    await press(setup, (await signUp(setup)).confirm);
    await waitFor('nothing waiting', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    // Our next change meets Brevo's rate limit and waits; meanwhile the person leaves in Brevo.
    brevo.rateLimit(1, 600);
    await queueBrevoContact(test.database.db, brevoListsOf(test.app.config), await subscriber(test), clock);
    test.app.outbox.queued('brevo');
    await waitFor('the 429', () => (brevo.requests.at(-1)?.method === 'POST' && brevo.requests.length === 2 ? true : undefined));
    clock += MINUTE;
    brevo.changeInBrevo(EMAIL, { emailBlacklisted: true });
    const poll = startBrevoPoll(test.app);
    if (poll === null) throw new Error('no poll');
    cleanups.push(() => poll.stop());
    await poll.runNow();
    expect(await subscriber(test)).toMatchObject({ status: 'subscribed' });
    // Our change is refused for good (held): the next poll reads the contact again and applies it.
    await test.database.db.updateTable('outbox').set({ failed_at: new Date(clock).toISOString() }).where('channel', '=', 'brevo').where('delivered_at', 'is', null).execute();
    await poll.runNow();
    expect(await subscriber(test)).toMatchObject({ status: 'unsubscribed' });
  });

  it('deletes the contact for an erasure, and counts a contact already gone as done', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    await press(setup, (await signUp(setup)).confirm);
    await waitFor('the contact', () => brevo.contacts.get(EMAIL));
    const lists = brevoListsOf(test.app.config);
    for (let erasure = 0; erasure < 2; erasure += 1) expect(await queueBrevoErasure(test.database.db, lists, EMAIL, clock)).toBe(true);
    test.app.outbox.queued('brevo');
    await waitFor('both erasures done', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    expect(brevo.contacts.has(EMAIL)).toBe(false);
    expect(brevoCalls(brevo).slice(-2)).toEqual([`DELETE /v3/contacts/${encodeURIComponent(EMAIL)}`, `DELETE /v3/contacts/${encodeURIComponent(EMAIL)}`]);
    expect(await test.database.db.selectFrom('outbox').select('id').where('channel', '=', 'brevo').where('failed_at', 'is not', null).execute()).toEqual([]);
  });

  it('retries a 425 Too Early instead of holding the change', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    brevo.tooEarly(1);
    await press(setup, (await signUp(setup)).confirm);
    await waitFor('the 425', () => (brevo.requests.length === 1 ? true : undefined));
    await waitFor('the try recorded', async () => ((await test.database.db.selectFrom('outbox').select('id').where('channel', '=', 'brevo').where('last_error', 'like', '%425%').executeTakeFirst()) ? true : undefined));
    expect(await heldBrevoRows(test)).toEqual([]);
    // Retried with backoff (the first within a minute).
    clock += MINUTE;
    await waitFor('the contact after the retry', () => brevo.contacts.get(EMAIL));
    await waitFor('the change marked delivered', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    expect(await heldBrevoRows(test)).toEqual([]);
  });

  it('takes a re-subscribe out of Brevo\'s blacklist, so the next poll leaves them subscribed', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    const first = await signUp(setup);
    await press(setup, first.confirm);
    await press(setup, first.unsubscribe);
    await waitFor('the contact blacklisted', () => (brevo.contacts.get(EMAIL)?.emailBlacklisted ? true : undefined));
    // Confirmation mails to one mailbox go at least 10 minutes apart, three a day (README "Abuse paths and the limits that stop them").
    clock += 11 * MINUTE;
    await press(setup, (await signUp(setup)).confirm);
    expect(await subscriber(test)).toMatchObject({ status: 'subscribed' });
    await waitFor('nothing waiting', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    expect(brevo.contacts.get(EMAIL)).toMatchObject({ emailBlacklisted: false, listIds: [7, 9] });
    expect(await pollBrevo(pollOptions(setup))).toMatchObject({ unsubscribed: 0 });
    expect(await subscriber(test)).toMatchObject({ status: 'subscribed', lists: '[2,4]' });
  });

  it('takes a re-subscribe for fewer lists off the lists they left, in Brevo too', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    const first = await signUp(setup);
    await press(setup, first.confirm);
    await press(setup, first.unsubscribe);
    await waitFor('the contact blacklisted', () => (brevo.contacts.get(EMAIL)?.emailBlacklisted ? true : undefined));
    // Confirmation mails to one mailbox go at least 10 minutes apart, three a day (README "Abuse paths and the limits that stop them").
    clock += 11 * MINUTE;
    await press(setup, (await signUp(setup, EMAIL, { 'listIDs[]': ['2'] })).confirm);
    expect(await subscriber(test)).toMatchObject({ status: 'subscribed', lists: '[2]' });
    await waitFor('nothing waiting', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    expect(brevo.contacts.get(EMAIL)?.listIds).toEqual([7]);
    expect(brevo.contacts.get(EMAIL)).toMatchObject({ emailBlacklisted: false });
    // The list left goes by PUT: POST /v3/contacts has no unlinkListIds (README "The newsletter service (Brevo)").
    expect(brevo.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/v3/contacts/${encodeURIComponent(EMAIL)}`, body: { unlinkListIds: [9] } });
  });

  it('skips and counts a contact without an address in the poll, applies the rest and moves on', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    await press(setup, (await signUp(setup)).confirm);
    await waitFor('nothing waiting', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    clock += MINUTE;
    // Made in Brevo from an SMS number alone: a contact need not have `email` (README "The newsletter service (Brevo)").
    brevo.addInBrevo({ attributes: { SMS: '+27825550999' }, listIds: [7] });
    brevo.changeInBrevo(EMAIL, { emailBlacklisted: true });
    expect(await pollBrevo(pollOptions(setup))).toEqual({ contacts: 2, withoutEmail: 1, unsubscribed: 1, listsLeft: 0 });
    expect(await subscriber(test)).toMatchObject({ status: 'unsubscribed' });
    // The cursor moved past both.
    expect(await pollBrevo(pollOptions(setup))).toEqual({ contacts: 0, withoutEmail: 0, unsubscribed: 0, listsLeft: 0 });
  });

  it('blacklists and empties a contact whose DELETE Brevo refuses (405: the account\'s own address), and forgets the erasure', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const setup = await setUp({}, { accountEmail: EMAIL }, logged);
    const { test, brevo } = setup;
    await press(setup, (await signUp(setup)).confirm);
    const contact = await waitFor('the contact', () => brevo.contacts.get(EMAIL));
    expect(contact).toMatchObject({ listIds: [7, 9], attributes: { FIRSTNAME: 'Thandi', PROJECT_DATE: '2027-03-05', SMS: '+27825550123' } });
    // What someone added in Brevo, outside the site's forms, is not the site's to clear.
    Object.assign(contact, { listIds: [...contact.listIds, 50], attributes: { ...contact.attributes, LASTNAME: 'Nkosi' } });
    expect(await queueBrevoErasure(test.database.db, brevoListsOf(test.app.config), EMAIL, clock)).toBe(true);
    test.app.outbox.queued('brevo');
    await waitFor('the erasure done', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    expect(brevoCalls(brevo).slice(-2)).toEqual([`DELETE /v3/contacts/${encodeURIComponent(EMAIL)}`, `PUT /v3/contacts/${encodeURIComponent(EMAIL)}`]);
    // The forms' attributes emptied, every list of the forms (2, 3, 4 and 7, mapped by BREVO_LIST_IDS) unlinked.
    expect(brevo.requests.at(-1)?.body).toEqual({
      attributes: { FIRSTNAME: '', PROJECT_DATE: '', SMS: '' },
      unlinkListIds: [3, 7, 9],
      emailBlacklisted: true,
      smsBlacklisted: true,
    });
    expect(brevo.contacts.get(EMAIL)).toEqual(expect.objectContaining({ emailBlacklisted: true, smsBlacklisted: true, listIds: [50], attributes: { LASTNAME: 'Nkosi' } }));
    const warning = logged.find((line) => String(line.msg).includes('Brevo refused to delete a contact'));
    expect(warning).toMatchObject({ level: 40, msg: 'Brevo refused to delete a contact: blacklisted and emptied instead, the erasure is done' });
    expect(JSON.stringify(logged)).not.toMatch(/thandi/i);
    // Nothing keeps the erased address: no row held, none kept as delivered.
    expect(await test.database.db.selectFrom('outbox').select('id').where('to_address', '=', EMAIL).where('request', 'like', '%DELETE%').execute()).toEqual([]);
    expect(await heldBrevoRows(test)).toEqual([]);
  });

  it('sends a contact without its SMS number when Brevo has the number on another contact, saying why on the subscriber', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    brevo.addInBrevo({ email: 'someone.else@example.co.za', attributes: { SMS: '+27825550123' } });
    await press(setup, (await signUp(setup)).confirm);
    await waitFor('nothing waiting', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    expect(await heldBrevoRows(test)).toEqual([]);
    const contact = brevo.contacts.get(EMAIL);
    expect(contact).toMatchObject({ emailBlacklisted: false, listIds: [7, 9], attributes: { FIRSTNAME: 'Thandi' } });
    expect(contact?.attributes).not.toHaveProperty('SMS');
    const synced = await subscriber(test);
    expect(synced.brevo_synced_at).not.toBeNull();
    expect(synced.brevo_error).toMatch(/duplicate_parameter.*sent without SMS/);
  });

  it('holds a change refused as a duplicate that names no field and not the SMS number, keeping its SMS', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    brevo.duplicateNext('Contact already exist');
    await press(setup, (await signUp(setup)).confirm);
    const [held] = await waitFor('the change held', async () => {
      const rows = await heldBrevoRows(test);
      return rows.length === 1 ? rows : undefined;
    });
    expect(held?.last_error).toBe('Brevo 400 duplicate_parameter: Contact already exist');
    // Sent once, as it was: not again without its SMS number.
    expect(brevoCalls(brevo)).toEqual(['POST /v3/contacts']);
    expect(brevo.contacts.has(EMAIL)).toBe(false);
    expect((await subscriber(test)).brevo_error).toBe('Brevo 400 duplicate_parameter: Contact already exist');
  });

  it('sends a contact without its SMS number when a duplicate that names no field says in its message that it is the SMS number', async () => {
    const setup = await setUp();
    const { test, brevo } = setup;
    brevo.duplicateNext('Unable to create contact, SMS is already associated with another Contact');
    await press(setup, (await signUp(setup)).confirm);
    await waitFor('nothing waiting', async () => ((await waitingBrevoRows(test)) === 0 ? true : undefined));
    expect(await heldBrevoRows(test)).toEqual([]);
    expect(brevoCalls(brevo)).toEqual(['POST /v3/contacts', 'POST /v3/contacts']);
    expect(brevo.contacts.get(EMAIL)?.attributes).not.toHaveProperty('SMS');
    expect((await subscriber(test)).brevo_error).toMatch(/duplicate_parameter.*sent without SMS/);
  });

  it('queues nothing without BREVO_API_KEY', async () => {
    const setup = await setUp({ BREVO_API_KEY: '' });
    const { test, brevo } = setup;
    const links = await signUp(setup);
    await press(setup, links.confirm);
    await press(setup, links.unsubscribe);
    expect(await test.database.db.selectFrom('outbox').select('id').where('channel', '=', 'brevo').execute()).toEqual([]);
    expect(brevo.requests).toEqual([]);
  });
  it('refuses a redirect in the poll, so the api-key header never reaches another host (issue 40, part 7)', async () => {
    const setup = await setUp();
    // Whoever answers for Brevo (a hijacked DNS name, a misconfigured proxy) sends the poll elsewhere.
    const seen: IncomingHttpHeaders[] = [];
    const collector = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"contacts":[]}');
    });
    const redirector = createServer((request, response) => {
      const { port } = collector.address() as AddressInfo;
      response.writeHead(302, { location: `http://localhost:${port}${request.url ?? '/'}` }).end();
    });
    for (const server of [collector, redirector]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const server of [collector, redirector]) await new Promise((resolve) => server.close(resolve));
    });
    const apiUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    await expect(pollBrevo({ ...pollOptions(setup), apiUrl })).rejects.toThrow(/Brevo answered 302 to GET \/v3\/contacts/);
    expect(seen).toEqual([]);
  });
});
