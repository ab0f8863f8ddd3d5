import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscribersClient, subscribersHash, subscribersQueryOf } from '../../../src/services/newsletter/subscribers-api.client.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { SUBSCRIBERS_ERROR } from '../../../src/validation/newsletter/subscribers.protocol.ts';
import { addPerson, consoleHeaders, type TestPerson } from '../helpers/console-people.ts';
import { injectingFetch } from '../helpers/injecting-fetch.ts';
import { fetchNonce, homeFields, postSubscribe, subscribeAnswer, testNewsletterForms } from '../helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * The subscribers' browser client (src/services/newsletter/subscribers-api.client.ts) against the
 * real routes (the browser's fetch served by `inject`), so the client and the routes keep the
 * one protocol (src/validation/newsletter/subscribers.protocol.ts).
 */

let test: TestApp;
let owner: TestPerson;

beforeAll(async () => {
  test = await createTestApp({}, { newsletterForms: testNewsletterForms });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
});
afterAll(() => test.cleanup());

describe(`the subscribers' client against the server on ${testDialect}`, () => {
  it('lists, filters, opens, refuses a resend too soon, unsubscribes with a note, and links both exports', async () => {
    const answer = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'))));
    expect(answer.status).toBe('success');
    const client = createSubscribersClient(createConsoleApi({ baseUrl: new URL(test.app.config.siteUrl).origin, fetch: injectingFetch(test.app, owner) }));

    const query = subscribersQueryOf('status=pending&list=2&q=THANDI&page=1&bogus=1&list=x');
    expect(query).toEqual({ status: 'pending', list: '2', q: 'THANDI', page: '1' });
    expect(subscribersHash(query)).toBe('#/subscribers?status=pending&list=2&q=THANDI&page=1');
    const page = await client.list(query);
    expect(page.subscribers.map((item) => item.email)).toEqual(['thandi.nkosi@example.co.za']);
    const id = page.subscribers[0]!.id;
    expect((await client.list({ status: 'subscribed' })).subscribers).toEqual([]);

    expect((await client.subscriber(id)).consents).toHaveLength(1);
    const refused = await client.resend(id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleApiError);
    expect(refused).toMatchObject({ code: SUBSCRIBERS_ERROR.resentTooSoon, status: 429 });

    // The chosen ones' export, and one action on them (a second subscriber signs up first).
    const second = subscribeAnswer(await postSubscribe(test.app, homeFields(await fetchNonce(test.app, 'sib_subscribe'), { email: 'sipho@example.co.za' })));
    expect(second.status).toBe('success');
    const both = (await client.list({})).subscribers.map((item) => item.id);
    expect(both).toHaveLength(2);
    const chosenSheet = new URL(client.exportUrls({ status: 'pending', page: '2' }, [id]).spreadsheet);
    expect(chosenSheet.search).toBe(`?status=pending&ids=${id}`);
    const chosenRows = await test.app.inject({ url: chosenSheet.pathname + chosenSheet.search, headers: consoleHeaders(test.app, owner.cookie) });
    expect(chosenRows.body.split('\r\n').filter((line) => line !== '')).toHaveLength(2);
    expect(await client.bulk('unsubscribe', { ids: both.filter((one) => one !== id) }, 'Asked by phone')).toEqual({ action: 'unsubscribe', selected: 1, changed: 1 });

    const left = await client.unsubscribe(id, 'Asked by e-mail');
    expect(left.status).toBe('unsubscribed');
    expect(left.consents.at(-1)?.wording).toBe("Unsubscribed by the owner at the person's request: Asked by e-mail");

    const urls = client.exportUrls({ status: 'unsubscribed', q: 'thandi', page: '3' });
    expect(urls.spreadsheet).toMatch(/\/admin\/api\/subscribers\/export\.csv\?status=unsubscribed&q=thandi$/);
    expect(urls.mailingService).toMatch(/\/admin\/api\/subscribers\/export-brevo\.csv\?q=thandi$/);
    const sheet = await test.app.inject({ url: new URL(urls.spreadsheet).pathname + new URL(urls.spreadsheet).search, headers: consoleHeaders(test.app, owner.cookie) });
    expect(sheet.body.split('\r\n')[1]).toMatch(/^thandi\.nkosi@example\.co\.za,Unsubscribed,/);
    const brevo = await test.app.inject({ url: new URL(urls.mailingService).pathname + new URL(urls.mailingService).search, headers: consoleHeaders(test.app, owner.cookie) });
    // Only subscribed people, and the attribute columns are those they have: none here.
    expect(brevo.body).toBe('EMAIL,SMS\r\n');
  });
});
