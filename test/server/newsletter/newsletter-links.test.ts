import { afterEach, describe, expect, it } from 'vitest';
import { homeNewsletterForm } from '../../support/site-content.ts';
import type { OutboxWorker } from '../../../server/mail/outbox-worker.ts';
import { startMailDelivery } from '../../../server/mail/start-mail-delivery.ts';
import { MAILBOX_MAIL_WINDOW_MS } from '../../../server/newsletter/confirmation-mail-limits.ts';
import { CONFIRMATION_LIFETIME_MS, confirmationToken, unsubscribeToken } from '../../../server/newsletter/link-tokens.ts';
import { UNSUBSCRIBE_WORDING } from '../../../server/newsletter/newsletter-links.route.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { fetchNonce, homeFields, postSubscribe, subscribeAnswer, testNewsletterForms } from '../helpers/newsletter-requests.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { waitFor } from '../helpers/wait-for.ts';

/*
 * Double opt-in and unsubscribing end to end: the sign-up's confirmation mail is delivered by
 * the outbox worker to a real SMTP server (smtp-server on loopback), the links in it are
 * followed, and the subscriber's state and consent records change as they should. Forged,
 * altered and expired links land on the link-expired page.
 */

const cleanups: Array<() => Promise<void>> = [];
let clock = Date.parse('2026-11-20T08:00:00.000Z');

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  clock = Date.parse('2026-11-20T08:00:00.000Z');
});

const SITE = 'https://news.example.co.za';

async function setUp(): Promise<{ test: TestApp; smtp: SmtpSink }> {
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());
  const test = await createTestApp(
    { SITE_URL: SITE, SMTP_URL: smtp.url, MAIL_FROM: 'brief@example.co.za' },
    { newsletterForms: testNewsletterForms, now: () => clock },
  );
  cleanups.push(() => test.cleanup());
  await test.app.ready();
  const worker: OutboxWorker | null = startMailDelivery(test.app, { pollMs: 20 });
  if (worker === null) throw new Error('no worker');
  cleanups.push(() => worker.stop());
  return { test, smtp };
}

/** The text part as the reader sees it: quoted-printable soft breaks and escapes undone. */
function textOf(mail: ReceivedMail): string {
  return mail.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Path and query of a link in the mail, to inject against the app. */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`${SITE.replaceAll('.', '\\.')}(${path.replaceAll('/', '\\/')}\\?token=[A-Za-z0-9.]+)`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}

async function signUp(test: TestApp, smtp: SmtpSink): Promise<ReceivedMail> {
  const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'))));
  expect(answer.status).toBe('success');
  return waitFor('the confirmation mail', () => smtp.received.at(-1));
}

async function subscriber(test: TestApp) {
  return test.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
}

async function consentActions(test: TestApp) {
  const rows = await test.database.db.selectFrom('newsletter_consents').select(['action', 'wording', 'ip_hash']).orderBy('id').execute();
  return rows.map((row) => row.action);
}

describe(`double opt-in and unsubscribe on ${testDialect}`, () => {
  it('delivers the confirmation mail with both links and List-Unsubscribe headers; the confirm link opens a page whose button confirms', async () => {
    const { test, smtp } = await setUp();
    const mail = await signUp(test, smtp);
    expect(mail.to).toEqual(['thandi.nkosi@example.co.za']);
    expect(mail.from).toBe('brief@example.co.za');
    expect(mail.headers.get('from')?.[0]).toBe('Lumina Display Engineering <brief@example.co.za>');
    expect(mail.headers.get('subject')).toEqual([homeNewsletterForm.doubleOptIn?.subject]);
    const text = textOf(mail);
    expect(text).toContain('Confirm your subscription by opening this link:');
    const confirm = linkIn(text, '/newsletter/confirm/');
    const unsubscribe = linkIn(text, '/newsletter/unsubscribe/');
    expect(mail.headers.get('list-unsubscribe')).toEqual([`<${SITE}${unsubscribe}>`]);
    expect(mail.headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);

    expect((await subscriber(test)).status).toBe('pending');
    clock += 60_000;
    // Following the link (a person, or a mail scanner) shows the button and confirms nothing.
    const token = new URLSearchParams(confirm.split('?')[1]).get('token') ?? '';
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await test.app.inject({ method, url: confirm });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
    }
    const page = await test.app.inject({ url: confirm });
    expect(page.body).toContain('<form method="post" action="/newsletter/confirm/">');
    expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Confirm my subscription<\/button>/);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect((await subscriber(test)).status).toBe('pending');
    const press = () =>
      test.app.inject({ method: 'POST', url: '/newsletter/confirm/', payload: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const followed = await press();
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe('/newsletter/confirmed/');
    expect(followed.headers['cache-control']).toBe('no-store');
    expect(await subscriber(test)).toMatchObject({ status: 'subscribed', confirmed_at: '2026-11-20T08:01:00.000Z' });
    const consents = await test.database.db.selectFrom('newsletter_consents').selectAll().orderBy('id').execute();
    expect(consents.map((row) => [row.action, row.wording, row.form_id])).toEqual([
      ['subscribe', homeNewsletterForm.consent.label, 1],
      ['confirm', homeNewsletterForm.consent.label, 1],
    ]);
    expect(consents[1]?.ip_hash).toMatch(/^[0-9a-f]{32}$/);

    // A second press (or the link again) changes and records nothing, and lands on the confirmed page.
    expect((await press()).headers.location).toBe('/newsletter/confirmed/');
    expect((await test.app.inject({ url: confirm })).headers.location).toBe('/newsletter/confirmed/');
    expect(await consentActions(test)).toEqual(['subscribe', 'confirm']);
    // Signing up again is answered as any sign-up is: the form tells no one who is subscribed.
    expect(subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe')))).status).toBe('success');
  });

  it('shows an unsubscribe page (the link alone changes nothing) whose button unsubscribes', async () => {
    const { test, smtp } = await setUp();
    const unsubscribe = linkIn(textOf(await signUp(test, smtp)), '/newsletter/unsubscribe/');
    const token = new URLSearchParams(unsubscribe.split('?')[1]).get('token') ?? '';

    const page = await test.app.inject({ url: unsubscribe });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain('thandi.nkosi@example.co.za');
    expect(page.body).toContain('<form method="post" action="/newsletter/unsubscribe/">');
    expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Unsubscribe<\/button>/);
    // The fixture site's index.html links no stylesheet, so none is linked here either.
    expect(page.body).not.toContain('<link');
    expect(page.body).not.toContain('<script');
    expect((await subscriber(test)).status).toBe('pending');

    clock += 120_000;
    const pressed = await test.app.inject({
      method: 'POST',
      url: '/newsletter/unsubscribe/',
      payload: `token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe('/newsletter/unsubscribed/');
    expect(await subscriber(test)).toMatchObject({ status: 'unsubscribed', unsubscribed_at: '2026-11-20T08:02:00.000Z' });
    const consents = await test.database.db.selectFrom('newsletter_consents').selectAll().orderBy('id').execute();
    expect(consents.map((row) => [row.action, row.wording])).toEqual([
      ['subscribe', homeNewsletterForm.consent.label],
      ['unsubscribe', UNSUBSCRIBE_WORDING.page],
    ]);

    // The link again: straight to the unsubscribed page; the confirm link is spent.
    const later = await test.app.inject({ url: unsubscribe });
    expect([later.statusCode, later.headers.location]).toEqual([303, '/newsletter/unsubscribed/']);
    const subscriberRow = await subscriber(test);
    const confirm = await test.app.inject({ url: `/newsletter/confirm/?token=${confirmationToken(test.app.secrets, subscriberRow, '{}', clock)}` });
    expect(confirm.headers.location).toBe('/newsletter/link-expired/');
    expect((await subscriber(test)).status).toBe('unsubscribed');
  });

  it('unsubscribes with RFC 8058 one-click (POST to the List-Unsubscribe URL) and answers 200', async () => {
    const { test, smtp } = await setUp();
    const mail = await signUp(test, smtp);
    const url = (mail.headers.get('list-unsubscribe')?.[0] ?? '').slice(1, -1).slice(SITE.length);
    const oneClick = await test.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toBe('Unsubscribed.\n');
    expect((await subscriber(test)).status).toBe('unsubscribed');
    const wording = await test.database.db.selectFrom('newsletter_consents').select('wording').where('action', '=', 'unsubscribe').executeTakeFirstOrThrow();
    expect(wording.wording).toBe(UNSUBSCRIBE_WORDING.oneClick);
    // Again (mail programs retry): 200, nothing more recorded.
    const { payload, contentType } = await multipartBody({ 'List-Unsubscribe': 'One-Click' });
    const again = await test.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
    expect([again.statusCode, again.body]).toEqual([200, 'Unsubscribed.\n']);
    expect(await consentActions(test)).toEqual(['subscribe', 'unsubscribe']);
  });

  it('sends forged, altered, expired and wrong-kind tokens to the link-expired page without changing anything', async () => {
    const { test, smtp } = await setUp();
    const text = textOf(await signUp(test, smtp));
    const confirm = linkIn(text, '/newsletter/confirm/');
    const unsubscribe = linkIn(text, '/newsletter/unsubscribe/');
    const row = await subscriber(test);
    const tamper = (link: string) => link.replace(/[0-9a-f](?=[0-9a-f]{31}$)/, (digit) => (digit === '0' ? '1' : '0'));
    const otherId = (link: string) => link.replace(/token=([cu])\.(\d+)\./, (_m, kind: string, id: string) => `token=${kind}.${Number(id) + 1}.`);
    const expectExpired = async (method: 'GET' | 'POST', url: string) => {
      const response = await test.app.inject({ method, url, ...(method === 'POST' ? { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) });
      expect([url, response.statusCode, response.headers.location]).toEqual([url, 303, '/newsletter/link-expired/']);
    };
    await expectExpired('GET', tamper(confirm));
    await expectExpired('GET', otherId(confirm));
    await expectExpired('GET', '/newsletter/confirm/');
    await expectExpired('GET', '/newsletter/confirm/?token=nonsense');
    await expectExpired('POST', tamper(confirm));
    await expectExpired('POST', '/newsletter/confirm/');
    // Each kind only does its own job.
    await expectExpired('GET', confirm.replace('/confirm/', '/unsubscribe/'));
    await expectExpired('GET', unsubscribe.replace('/unsubscribe/', '/confirm/'));
    await expectExpired('GET', tamper(unsubscribe));
    await expectExpired('POST', tamper(unsubscribe));
    await expectExpired('POST', '/newsletter/unsubscribe/');
    // A token signed with another site's secret.
    const foreign = { ...test.app.secrets, hash: (purpose: string, data: string) => test.app.secrets.hash(`${purpose}x`, data) };
    await expectExpired('GET', `/newsletter/unsubscribe/?token=${unsubscribeToken(foreign, row)}`);

    // The real confirm link, a moment after its week is over.
    clock += CONFIRMATION_LIFETIME_MS + 1000;
    await expectExpired('GET', confirm);
    await expectExpired('POST', confirm);
    expect(await subscriber(test)).toMatchObject({ status: 'pending', confirmed_at: null, unsubscribed_at: null });
    expect(await consentActions(test)).toEqual(['subscribe']);
    // Unsubscribe links never expire.
    const page = await test.app.inject({ url: unsubscribe });
    expect(page.statusCode).toBe(200);
  });

  it('spends a confirm link on use and binds it to its change: a change someone else asks for later is not applied by the old link', async () => {
    const { test, smtp } = await setUp();
    const t1 = linkIn(textOf(await signUp(test, smtp)), '/newsletter/confirm/');
    const t1Token = new URLSearchParams(t1.split('?')[1]).get('token') ?? '';
    const pressToken = (token: string) =>
      test.app.inject({ method: 'POST', url: '/newsletter/confirm/', payload: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await pressToken(t1Token)).headers.location).toBe('/newsletter/confirmed/');
    const confirmed = await subscriber(test);
    expect(confirmed.status).toBe('subscribed');

    // A day on (a mailbox's confirmation mails are limited), someone else asks for another
    // number, name and list for the same address.
    clock += MAILBOX_MAIL_WINDOW_MS;
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    const attack = homeFields(nonce, { 'listIDs[]': ['2', '3', '4'], FIRSTNAME: 'Mallory', SMS: '+27 82 999 0000' });
    expect(subscribeAnswer(await postSubscribe(test.app, attack)).status).toBe('success');
    // The owner's old link, pressed again (or replayed by whoever saw it), applies nothing.
    await pressToken(t1Token);
    const after = await subscriber(test);
    expect({ sms: after.sms, attributes: after.attributes, lists: after.lists }).toEqual({ sms: confirmed.sms, attributes: confirmed.attributes, lists: confirmed.lists });
    expect(after.pending_change).not.toBeNull();
    expect(await consentActions(test)).toEqual(['subscribe', 'confirm', 'subscribe']);

    // The new mail's link shows what it confirms, the number masked, and applies it once.
    const t2 = linkIn(textOf(await waitFor('the change mail', () => smtp.received.at(1))), '/newsletter/confirm/');
    const page = await test.app.inject({ url: t2 });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are confirming: the list Display technology explained, SMS +27 82 … 000, first name Mallory.');
    // The masked digits are nowhere in the page's words (the token's hex may hold any digits).
    expect(page.body.replace(/name="token" value="[^"]*"/, '')).not.toContain('999');
    const t2Token = new URLSearchParams(t2.split('?')[1]).get('token') ?? '';
    expect((await pressToken(t2Token)).headers.location).toBe('/newsletter/confirmed/');
    const applied = await subscriber(test);
    expect({ sms: applied.sms, lists: JSON.parse(applied.lists) as number[], pending: applied.pending_change }).toEqual({ sms: '+27829990000', lists: [2, 4, 3], pending: null });
    expect((await pressToken(t2Token)).headers.location).toBe('/newsletter/confirmed/');
    expect(await consentActions(test)).toEqual(['subscribe', 'confirm', 'subscribe', 'confirm']);
  });

  it('changes nothing about an unsubscribed address until the sign-up is confirmed from its mailbox', async () => {
    const { test, smtp } = await setUp();
    const mail = await signUp(test, smtp);
    const confirmToken = new URLSearchParams(linkIn(textOf(mail), '/newsletter/confirm/').split('?')[1]).get('token') ?? '';
    const unsubscribeToken = new URLSearchParams(linkIn(textOf(mail), '/newsletter/unsubscribe/').split('?')[1]).get('token') ?? '';
    const post = (path: string, token: string) =>
      test.app.inject({ method: 'POST', url: path, payload: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await post('/newsletter/confirm/', confirmToken);
    clock += 60_000;
    await post('/newsletter/unsubscribe/', unsubscribeToken);
    const left = await subscriber(test);
    expect(left.status).toBe('unsubscribed');

    // A day after the last mail to the mailbox (past its limits).
    clock += MAILBOX_MAIL_WINDOW_MS;
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    expect(subscribeAnswer(await postSubscribe(test.app, homeFields(nonce, { 'listIDs[]': ['3'], FIRSTNAME: 'Mallory', SMS: '+27 82 999 0000' }))).status).toBe('success');
    const held = await subscriber(test);
    expect(held).toMatchObject({ status: 'unsubscribed', sms: left.sms, attributes: left.attributes, lists: left.lists, unsubscribed_at: left.unsubscribed_at });
    expect(held.pending_change).not.toBeNull();
    // The old confirm link is spent: it does not bring the address back.
    expect((await post('/newsletter/confirm/', confirmToken)).headers.location).toBe('/newsletter/link-expired/');
    expect((await subscriber(test)).status).toBe('unsubscribed');

    const fresh = linkIn(textOf(await waitFor('the new mail', () => smtp.received.at(1))), '/newsletter/confirm/');
    const page = await test.app.inject({ url: fresh });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are confirming: the list Display technology explained, SMS +27 82 … 000, first name Mallory.');
    expect((await post('/newsletter/confirm/', new URLSearchParams(fresh.split('?')[1]).get('token') ?? '')).headers.location).toBe('/newsletter/confirmed/');
    const back = await subscriber(test);
    expect(back).toMatchObject({ status: 'subscribed', sms: '+27829990000', unsubscribed_at: null, pending_change: null, confirmed_at: new Date(clock).toISOString() });
    expect(JSON.parse(back.lists)).toEqual([3]);
  });

  for (const path of ['/newsletter/confirm/', '/newsletter/unsubscribe/']) {
    it(`answers 415 sib_unsupported_media_type to a JSON (or other non-form) POST to ${path}, changing nothing`, async () => {
      const { test, smtp } = await setUp();
      const mail = textOf(await signUp(test, smtp));
      const token = new URLSearchParams(linkIn(mail, path).split('?')[1]).get('token') ?? '';
      for (const [type, payload] of [
        // Fastify's JSON parser would hand the route an object it takes for parsed form fields.
        ['application/json', JSON.stringify({ fields: { token } })],
        ['application/json', JSON.stringify({ token })],
        ['application/json', '{"token":'],
        ['text/plain', `token=${token}`],
      ] as const) {
        const response = await test.app.inject({ method: 'POST', url: path, payload, headers: { 'content-type': type } });
        expect([type, payload, response.statusCode]).toEqual([type, payload, 415]);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.json()).toMatchObject({ code: 'sib_unsupported_media_type', data: { status: 415 } });
      }
      expect(await consentActions(test)).toEqual(['subscribe']);
      expect((await subscriber(test)).status).toBe('pending');
    });
  }

  it('links the built stylesheet and icon on the unsubscribe page when the site has them', async () => {
    const { test, smtp } = await setUp();
    const { writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    await writeFile(
      path.join(test.site.root, 'index.html'),
      '<!doctype html><html><head><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><link rel="stylesheet" crossorigin href="/assets/index-7d1e0b3a.css"></head><body></body></html>',
    );
    const unsubscribe = linkIn(textOf(await signUp(test, smtp)), '/newsletter/unsubscribe/');
    const page = await test.app.inject({ url: unsubscribe });
    expect(page.body).toContain('<link rel="stylesheet" href="/assets/index-7d1e0b3a.css">');
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg">');
    const css = await test.app.inject({ url: '/assets/index-7d1e0b3a.css' });
    expect(css.statusCode).toBe(200);
  });
});
