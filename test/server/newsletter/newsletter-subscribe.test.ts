import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { homeNewsletterForm } from '../../support/site-content.ts';
import { confirmationToken } from '../../../server/newsletter/link-tokens.ts';
import { MAILBOX_MAIL_WINDOW_MS } from '../../../server/newsletter/confirmation-mail-limits.ts';
import { DEFAULT_USER_AGENT } from '../helpers/multipart.ts';
import {
  fetchNonce,
  homeFields,
  plainNewsletterForm,
  postSubscribe,
  subscribeAnswer,
  testNewsletterForms,
  urlencoded,
} from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * POST /newsletter/subscribe/: every status, every refused request, what is stored (the
 * subscriber, the consent record, the confirmation mail in the outbox, all or nothing) and
 * that the same sign-up twice changes nothing.
 */

let testApp: TestApp | undefined;
let clock = Date.parse('2026-11-20T08:00:00.000Z');
const MINUTE = 60_000;

afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
  clock = Date.parse('2026-11-20T08:00:00.000Z');
});

async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
  testApp = await createTestApp(
    { SITE_URL: 'https://www.example.co.za', ...env },
    { newsletterForms: testNewsletterForms, now: () => clock },
  );
  await testApp.app.ready();
  return testApp;
}

async function counts(app: TestApp) {
  const count = async (table: 'newsletter_subscribers' | 'newsletter_consents' | 'outbox') =>
    Number((await app.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { subscribers: await count('newsletter_subscribers'), consents: await count('newsletter_consents'), mails: await count('outbox') };
}

const { messages } = homeNewsletterForm;

describe(`newsletter sign-up on ${testDialect}`, () => {
  it('stores a new subscriber as pending with lists, SMS, attributes and dates, records consent, queues the confirmation mail: success', async () => {
    const test = await appWith();
    const response = await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe')));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'success', msg: { successMsg: messages.success }, redirect: '', turnstileCaptcha: false });

    const db = test.database.db;
    const subscriber = await db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(subscriber).toMatchObject({
      email: 'thandi.nkosi@example.co.za',
      status: 'pending',
      sms: '+27825550123',
      form_id: 1,
      created_at: '2026-11-20T08:00:00.000Z',
      confirmed_at: null,
      unsubscribed_at: null,
      confirmation_sent_at: '2026-11-20T08:00:00.000Z',
    });
    expect(JSON.parse(subscriber.lists)).toEqual([2, 4]);
    expect(JSON.parse(subscriber.attributes)).toEqual({ FIRSTNAME: 'Thandi' });
    expect(JSON.parse(subscriber.dates)).toEqual({ PROJECT_DATE: '2027-03-05' });

    const consent = await db.selectFrom('newsletter_consents').selectAll().executeTakeFirstOrThrow();
    expect(consent).toMatchObject({
      subscriber_id: subscriber.id,
      action: 'subscribe',
      form_id: 1,
      wording: homeNewsletterForm.consent.label,
      user_agent: DEFAULT_USER_AGENT,
      created_at: '2026-11-20T08:00:00.000Z',
    });
    expect(JSON.parse(consent.lists)).toEqual([2, 4]);
    // A keyed hash, never the address (inject's client is 127.0.0.1).
    expect(consent.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    // The keyed hash of the client's network (README, "Privacy"), under the key kept outside the database.
    expect(consent.ip_hash).toBe(test.app.secrets.hashAddress('remote_ip', '127.0.0.0'));

    const mail = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: 'thandi.nkosi@example.co.za', reply_to: null, subject: homeNewsletterForm.doubleOptIn?.subject, submission_id: null });
    expect(mail.body).toMatch(/^https:\/\/www\.example\.co\.za\/newsletter\/confirm\/\?token=c\.\d+\.\d+\.[0-9a-f]{16}\.[0-9a-f]{32}$/m);
    expect(mail.body).toMatch(/To stop receiving The Lumina Brief: https:\/\/www\.example\.co\.za\/newsletter\/unsubscribe\/\?token=u\.\d+\.[0-9a-f]{32}$/m);
    // What unsubscribing keeps, and how to ask for erasure (README, "Privacy").
    expect(mail.body).toContain('keeps a record of your consent and its withdrawal, as proof');
    expect(mail.body).toContain('privacy@luminadisplay.co.za');
    expect(mail.body).not.toContain('[confirm-link]');
    const headers = JSON.parse(mail.headers) as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(/^<https:\/\/www\.example\.co\.za\/newsletter\/unsubscribe\/\?token=u\.\d+\.[0-9a-f]{32}>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('accepts multipart/form-data as well', async () => {
    const test = await appWith();
    const response = await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe')), { multipart: true });
    expect(subscribeAnswer(response).status).toBe('success');
  });

  it('is idempotent: the same sign-up again within 10 minutes is answered as a new one and writes and mails nothing more', async () => {
    const test = await appWith();
    const fields = homeFields(await fetchNonce(test.app, 'sib_subscribe'));
    expect(subscribeAnswer(await postSubscribe(test.app, fields)).status).toBe('success');
    const before = await counts(test);
    clock += 10 * MINUTE - 1000;
    const again = subscribeAnswer(await postSubscribe(test.app, { ...fields, email: '  THANDI.nkosi@example.co.za ', FIRSTNAME: 'Other' }));
    expect(again).toEqual({ status: 'success', msg: { successMsg: messages.success }, redirect: '', turnstileCaptcha: false });
    expect(await counts(test)).toEqual(before);
    expect(before).toEqual({ subscribers: 1, consents: 1, mails: 1 });
    const row = await test.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.attributes)).toEqual({ FIRSTNAME: 'Thandi' });
  });

  it('stores one subscriber and one mail when the same sign-up arrives several times at once', async () => {
    const test = await appWith();
    const fields = homeFields(await fetchNonce(test.app, 'sib_subscribe'));
    const answers = await Promise.all(Array.from({ length: 4 }, () => postSubscribe(test.app, fields)));
    expect(answers.map((response) => subscribeAnswer(response).status)).toEqual(['success', 'success', 'success', 'success']);
    expect(await counts(test)).toEqual({ subscribers: 1, consents: 1, mails: 1 });
  });

  it('changes a known subscriber only once the change is confirmed from their own mailbox', async () => {
    const test = await appWith();
    let nonce = await fetchNonce(test.app, 'sib_subscribe');
    const firstAnswer = subscribeAnswer(await postSubscribe(test.app, homeFields(nonce, { 'listIDs[]': ['2'] })));
    const db = test.database.db;
    const stored = await db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    const confirm = (token: string) =>
      test.app.inject({ method: 'POST', url: '/newsletter/confirm/', payload: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const first = confirmationToken(test.app.secrets, stored, stored.pending_change ?? '', clock);
    expect((await confirm(first)).statusCode).toBe(303);
    // The same day, 10 minutes on: the mailbox may be mailed again (confirmation-mail-limits.ts),
    // so a subscriber can change their lists the day they joined.
    clock += 10 * MINUTE;
    nonce = await fetchNonce(test.app, 'sib_subscribe');

    // Someone asks to change the subscription: the answer is the one a new address gets.
    const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(nonce, { 'listIDs[]': ['2', '3'], FIRSTNAME: 'Thandiwe', SMS: '+27 82 000 0000' })));
    expect(answer).toEqual(firstAnswer);
    let row = await db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    // Nothing changed yet; the change waits, and a confirmation mail went to the address.
    expect(row).toMatchObject({ status: 'subscribed', sms: stored.sms });
    expect(JSON.parse(row.lists)).toEqual([2]);
    expect(JSON.parse(row.attributes)).toEqual({ FIRSTNAME: 'Thandi' });
    expect(JSON.parse(row.pending_change ?? 'null')).toMatchObject({ lists: [3], formId: 1 });
    expect(await counts(test)).toMatchObject({ mails: 2 });
    const mail = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('thandi.nkosi@example.co.za');

    // Within 10 minutes another change is neither stored nor mailed.
    clock += 60_000;
    await postSubscribe(test.app, homeFields(nonce, { 'listIDs[]': ['4'] }));
    expect(await counts(test)).toMatchObject({ mails: 2 });

    // The owner confirms from the mail (the first link is spent): the change is applied, with its consent record.
    const second = /token=(c\.[0-9a-f.]+)/.exec(mail.body)?.[1] ?? '';
    expect((await confirm(first)).headers.location).toBe('/newsletter/link-expired/');
    expect((await confirm(second)).headers.location).toBe('/newsletter/confirmed/');
    row = await db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.lists)).toEqual([2, 3]);
    expect(JSON.parse(row.attributes)).toEqual({ FIRSTNAME: 'Thandiwe' });
    expect(row.sms).toBe('+27820000000');
    expect(row.pending_change).toBeNull();
    const consents = await db.selectFrom('newsletter_consents').selectAll().orderBy('id').execute();
    expect(consents.map((consent) => [consent.action, JSON.parse(consent.lists) as number[]])).toEqual([
      ['subscribe', [2]],
      ['confirm', [2]],
      ['subscribe', [3]],
      ['confirm', [3]],
    ]);
  });

  it('mails a still-pending visitor who signs up again a fresh confirmation 10 minutes on, three a day at most (success every time)', async () => {
    const test = await appWith();
    const started = clock;
    const signUpAt = async (at: number) => {
      clock = at;
      expect(subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe')))).status).toBe('success');
      return (await counts(test)).mails;
    };
    expect(await signUpAt(started)).toBe(1);
    // The first link went to spam: a second try within 10 minutes gets nothing, one 10 minutes on its mail.
    expect(await signUpAt(started + 10 * MINUTE - 1000)).toBe(1);
    expect(await signUpAt(started + 10 * MINUTE)).toBe(2);
    expect(await signUpAt(started + 15 * MINUTE)).toBe(2);
    expect(await signUpAt(started + 20 * MINUTE)).toBe(3);
    // The fourth in the day gets none, however far apart; the next day the mailbox has its share again.
    expect(await signUpAt(started + 5 * 60 * MINUTE)).toBe(3);
    expect(await signUpAt(started + MAILBOX_MAIL_WINDOW_MS - 1000)).toBe(3);
    expect(await signUpAt(started + MAILBOX_MAIL_WINDOW_MS)).toBe(4);
    expect(await counts(test)).toEqual({ subscribers: 1, consents: 4, mails: 4 });
    // Only the latest link confirms: each try replaced the change the earlier ones were bound to.
    const mails = await test.database.db.selectFrom('outbox').select('body').orderBy('id').execute();
    const tokens = mails.map((mail) => /token=(c\.[0-9a-f.]+)/.exec(mail.body)?.[1] ?? '');
    expect(new Set(tokens).size).toBe(4);
  });

  it('mails a subscriber who unsubscribed and signs up again a confirmation, changing nothing until it is confirmed', async () => {
    const test = await appWith();
    await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe')));
    await test.database.db
      .updateTable('newsletter_subscribers')
      .set({ status: 'unsubscribed', unsubscribed_at: '2026-11-20T08:01:00.000Z' })
      .execute();
    // Within 10 minutes of the last mail to the mailbox, nothing is stored or mailed
    // (confirmation-mail-limits.ts); after them, the same day (someone who unsubscribed by
    // mistake), the sign-up waits for confirmation.
    clock += 5 * MINUTE;
    expect(subscribeAnswer(await postSubscribe(test.app, { ...homeFields(await fetchNonce(test.app, 'sib_subscribe')), 'listIDs[]': ['3'] })).status).toBe('success');
    expect(await counts(test)).toEqual({ subscribers: 1, consents: 1, mails: 1 });
    clock += 5 * MINUTE;
    expect(subscribeAnswer(await postSubscribe(test.app, { ...homeFields(await fetchNonce(test.app, 'sib_subscribe')), 'listIDs[]': ['3'] })).status).toBe('success');
    const row = await test.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'unsubscribed', unsubscribed_at: '2026-11-20T08:01:00.000Z', created_at: '2026-11-20T08:00:00.000Z' });
    expect(JSON.parse(row.lists)).toEqual([2, 4]);
    expect(JSON.parse(row.pending_change ?? 'null')).toMatchObject({ lists: [3] });
    expect(await counts(test)).toEqual({ subscribers: 1, consents: 2, mails: 2 });
  });

  it('subscribes at once, mails nothing and answers the redirect on a form without double opt-in', async () => {
    const test = await appWith();
    const fields = { email: 'sipho@example.co.za', consent: 'yes', sib_form_action: 'subscribe_form_submit', sib_form_id: '3', security: await fetchNonce(test.app, 'sib_subscribe') };
    expect(subscribeAnswer(await postSubscribe(test.app, fields))).toEqual({ status: 'success', msg: { successMsg: plainNewsletterForm.messages.success }, redirect: '/thank-you/', turnstileCaptcha: false });
    const row = await test.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'subscribed', form_id: 3, confirmation_sent_at: null, sms: null });
    expect(JSON.parse(row.lists)).toEqual([7]);
    expect(await counts(test)).toEqual({ subscribers: 1, consents: 1, mails: 0 });
    // Known or not, the same answer; without double opt-in there is no mailbox to confirm a
    // change from, so a known subscriber is not changed by a sign-up.
    expect(subscribeAnswer(await postSubscribe(test.app, fields))).toMatchObject({ status: 'success', redirect: '/thank-you/' });
    expect(await counts(test)).toEqual({ subscribers: 1, consents: 1, mails: 0 });
  });

  it.each([
    ['an address with a too long top-level domain', { email: 'thandi@example.technology' }],
    ['an address without a domain', { email: 'thandi@' }],
    ['an SMS number without +', { SMS: '082 555 0123' }],
    ['an SMS number with letters', { SMS: '+27 82 CALL ME' }],
    ['a date that does not exist', { PROJECT_DATE: '31-02-2027' }],
  ])('answers invalid for %s, storing nothing', async (_name, overrides) => {
    const test = await appWith();
    const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), overrides)));
    expect(answer).toEqual({ status: 'invalid', msg: { invalidMsg: messages.invalid }, redirect: '', turnstileCaptcha: false });
    expect(await counts(test)).toEqual({ subscribers: 0, consents: 0, mails: 0 });
  });

  it.each([
    ['no e-mail address', { email: '' }],
    ['no consent', { consent: '' }],
    ['a first name longer than its 60 characters', { FIRSTNAME: 'T'.repeat(61) }],
    ['a value longer than any field accepts', { sib_SMS_prefix: '+'.repeat(1001) }],
    ['a bad address and no consent (not only format problems)', { email: 'thandi@', consent: '' }],
  ])('answers failure for %s, storing nothing', async (_name, overrides) => {
    const test = await appWith();
    const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), overrides)));
    expect(answer).toEqual({ status: 'failure', msg: { errorMsg: messages.failure }, redirect: '', turnstileCaptcha: false });
    expect(await counts(test)).toEqual({ subscribers: 0, consents: 0, mails: 0 });
  });

  it('answers failure and commits nothing when storing fails halfway (subscriber, consent and mail are one transaction)', async () => {
    const test = await appWith();
    await sql`drop table newsletter_consents`.execute(test.database.db);
    const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'))));
    expect(answer.status).toBe('failure');
    const subscribers = await test.database.db.selectFrom('newsletter_subscribers').selectAll().execute();
    const mails = await test.database.db.selectFrom('outbox').selectAll().execute();
    expect([subscribers.length, mails.length]).toEqual([0, 0]);
  });
});

/*
 * The Brevo plugin's two list fields: `listIDs[]` is what the visitor ticked (the checkboxes'
 * name), `interestingLists[]` every list the page offered (its script adds one per checkbox of
 * the whole page). Only ticked lists are joined: the visitor's consent covers those alone.
 */
describe(`which lists a sign-up joins, on ${testDialect}`, () => {
  const storedLists = async (test: TestApp) => {
    const db = test.database.db;
    const subscriber = await db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    const consent = await db.selectFrom('newsletter_consents').selectAll().executeTakeFirstOrThrow();
    return { subscriber: JSON.parse(subscriber.lists) as number[], consent: JSON.parse(consent.lists) as number[] };
  };

  it.each([
    ['list 2 of 2 and 3', ['2'], ['2', '3'], [2]],
    ['lists 2 and 4 of 2, 3 and 4', ['2', '4'], ['2', '3', '4'], [2, 4]],
    ['list 3 of 2, 3 and 4, offered in another order', ['3'], ['4', '3', '2'], [3]],
  ])('joins only the ticked lists (listIDs[]), never the others offered (interestingLists[]): %s', async (_name, ticked, offered, joined) => {
    const test = await appWith();
    const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { 'listIDs[]': ticked, 'interestingLists[]': offered })));
    expect(answer.status).toBe('success');
    expect(await storedLists(test)).toEqual({ subscriber: joined, consent: joined });
  });

  it('asks a known subscriber to confirm only the newly ticked lists', async () => {
    const test = await appWith();
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    await postSubscribe(test.app, homeFields(nonce, { 'listIDs[]': ['2'], 'interestingLists[]': ['2', '3', '4'] }));
    const pending = await test.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    const token = confirmationToken(test.app.secrets, pending, pending.pending_change ?? '', clock);
    await test.app.inject({ method: 'POST', url: '/newsletter/confirm/', payload: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    clock += MAILBOX_MAIL_WINDOW_MS;
    await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { 'listIDs[]': ['2', '3'], 'interestingLists[]': ['2', '3', '4'] }));
    const row = await test.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.lists)).toEqual([2]);
    expect(JSON.parse(row.pending_change ?? 'null')).toMatchObject({ lists: [3] });
  });

  it('joins a form\'s own lists when it has no choice, whatever lists another form of the page offered', async () => {
    const test = await appWith();
    const fields = { email: 'sipho@example.co.za', consent: 'yes', sib_form_action: 'subscribe_form_submit', sib_form_id: '3', security: await fetchNonce(test.app, 'sib_subscribe') };
    // The plugin's script adds every checkbox of the page to interestingLists[], another form's too.
    expect(subscribeAnswer(await postSubscribe(test.app, { ...fields, 'interestingLists[]': ['2', '3', '4'] })).status).toBe('success');
    expect(await storedLists(test)).toEqual({ subscriber: [7], consent: [7] });
  });

  it.each([
    ['a ticked list the form does not offer', { 'listIDs[]': ['2', '99'], 'interestingLists[]': ['2', '3', '4'] }],
    ['nothing ticked in a required choice', { 'listIDs[]': [], 'interestingLists[]': ['2', '3', '4'] }],
    // As the plugin reads it: without interestingLists[] the ticked lists are not read, and form 1 joins nothing unasked.
    ['ticked lists without the offered ones (interestingLists[]) in a required choice', { 'listIDs[]': ['2'], 'interestingLists[]': [] }],
  ])('answers failure for %s, storing nothing', async (_name, overrides) => {
    const test = await appWith();
    const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), overrides)));
    expect(answer).toEqual({ status: 'failure', msg: { errorMsg: messages.failure }, redirect: '', turnstileCaptcha: false });
    expect(await counts(test)).toEqual({ subscribers: 0, consents: 0, mails: 0 });
  });
});

describe(`requests that are not a sign-up, on ${testDialect}`, () => {
  const expired = 'This form has expired. Reload the page and try again.';

  it.each([
    ['is missing', (fields: Record<string, string | string[]>) => ({ ...fields, security: '' })],
    ['is made up', (fields: Record<string, string | string[]>) => ({ ...fields, security: 'abcdefghijklmnopqrstuv' })],
  ])('answers 403 sib_invalid_nonce when the nonce %s', async (_name, change) => {
    const test = await appWith();
    const response = await postSubscribe(test.app, change(homeFields(await fetchNonce(test.app, 'sib_subscribe'))));
    expect(response.statusCode).toBe(403);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'failure', msg: { errorMsg: expired }, redirect: '', turnstileCaptcha: false, code: 'sib_invalid_nonce' });
    expect((await counts(test)).subscribers).toBe(0);
  });

  it('answers 403 for a stale nonce (two days old) and for a nonce of another action', async () => {
    const test = await appWith();
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    const other = await fetchNonce(test.app, 'sib_country_prefix');
    expect((await postSubscribe(test.app, homeFields(other))).statusCode).toBe(403);
    clock += 2 * 24 * 60 * 60 * 1000;
    const stale = await postSubscribe(test.app, homeFields(nonce));
    expect(stale.statusCode).toBe(403);
    expect(subscribeAnswer(stale).code).toBe('sib_invalid_nonce');
    // A fresh one works: what the browser does after a 403.
    expect(subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe')))).status).toBe('success');
  });

  it.each([['99'], ['abc'], ['']])('answers 404 sib_form_not_found for sib_form_id %j', async (id) => {
    const test = await appWith();
    const response = await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { sib_form_id: id }));
    expect(response.statusCode).toBe(404);
    expect(subscribeAnswer(response)).toMatchObject({ status: 'failure', code: 'sib_form_not_found', redirect: '', turnstileCaptcha: false });
    expect(subscribeAnswer(response).msg).toEqual({ errorMsg: 'This newsletter form does not exist.' });
  });

  it.each([[''], ['subscribe'], ['sib_get_country_prefix']])('answers 400 sib_bad_request for sib_form_action %j', async (action) => {
    const test = await appWith();
    const response = await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { sib_form_action: action }));
    expect(response.statusCode).toBe(400);
    expect(subscribeAnswer(response)).toMatchObject({ status: 'failure', code: 'sib_bad_request' });
  });

  it.each([['application/json'], ['text/plain'], [undefined]])('answers 415 sib_unsupported_media_type for %s', async (type) => {
    const test = await appWith();
    const response = await test.app.inject({
      method: 'POST',
      url: '/newsletter/subscribe/',
      payload: JSON.stringify(homeFields('x')),
      headers: type === undefined ? {} : { 'content-type': type },
    });
    expect(response.statusCode).toBe(415);
    expect(subscribeAnswer(response)).toMatchObject({ status: 'failure', code: 'sib_unsupported_media_type', redirect: '', turnstileCaptcha: false });
  });

  it('answers 413 sib_payload_too_large for a body over the limit and for too many fields', async () => {
    const test = await appWith();
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    const huge = await postSubscribe(test.app, homeFields(nonce, { FIRSTNAME: 'x'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    expect(subscribeAnswer(huge)).toMatchObject({ status: 'failure', code: 'sib_payload_too_large' });
    const many = await postSubscribe(test.app, homeFields(nonce, { 'listIDs[]': Array.from({ length: 80 }, () => '2') }));
    expect(many.statusCode).toBe(413);
    expect(subscribeAnswer(many).code).toBe('sib_payload_too_large');
    expect((await counts(test)).subscribers).toBe(0);
  });

  it('answers 400 sib_bad_request for a broken multipart body', async () => {
    const test = await appWith();
    const response = await test.app.inject({
      method: 'POST',
      url: '/newsletter/subscribe/',
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(response.statusCode).toBe(400);
    expect(subscribeAnswer(response).code).toBe('sib_bad_request');
  });

  it('answers 429 sib_rate_limited with Retry-After once an address has signed up its share (NEWSLETTER_RATE_LIMIT)', async () => {
    const test = await appWith({ NEWSLETTER_RATE_LIMIT: '2/1m' });
    const fields = homeFields(await fetchNonce(test.app, 'sib_subscribe'));
    expect((await postSubscribe(test.app, fields)).statusCode).toBe(200);
    expect((await postSubscribe(test.app, fields)).statusCode).toBe(200);
    const limited = await postSubscribe(test.app, fields);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.json()).toEqual({
      status: 'failure',
      msg: { errorMsg: 'Too many sign-ups from your address. Please try again in 60 seconds.' },
      redirect: '',
      turnstileCaptcha: false,
      code: 'sib_rate_limited',
    });
    // The nonce endpoint is not limited by it.
    expect((await test.app.inject({ url: '/wp-json/site/v1/nonce/sib_subscribe' })).statusCode).toBe(200);
  });

  it('answers 400 sib_bad_request for an empty body (fields in the query string do not count)', async () => {
    const test = await appWith();
    const response = await test.app.inject({ method: 'POST', url: `/newsletter/subscribe/?${urlencoded({ a: 'b' })}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(response.statusCode).toBe(400);
  });
});
