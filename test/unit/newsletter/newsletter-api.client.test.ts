// The newsletter's ky client: the nonce, the urlencoded subscription POST, any JSON answer with a
// status taken as the answer whatever the HTTP status, its notice read where the Brevo plugin's
// answer puts it (every answer the server writes included), transport errors with the raw
// error, the prefix list POST, and the prefix list loader fetching its nonce again once after a 403.
import { describe, expect, it } from 'vitest';
import { homeNewsletterForm } from '../../support/site-content.ts';
import { failureAnswer, invalidNonce, newsletterAnswer } from '../../../server/newsletter/newsletter-answer.ts';
import { loadCountryPrefixes } from '../../../src/services/newsletter/country-prefix.actor.ts';
import { createNewsletterClient, NewsletterApiError } from '../../../src/services/newsletter/newsletter-api.client.ts';
import { COUNTRIES, countryPrefixHtml } from './country-prefix-fixture.ts';
import { jsonResponse, recordingFetch } from '../../support/recording-fetch.ts';

const json = jsonResponse;

function clientWith(answer: (request: Request) => Response | Promise<Response>) {
  const { fetch, requests } = recordingFetch(answer);
  return { client: createNewsletterClient({ fetch, baseUrl: 'http://site.test/' }), requests, fetch };
}

async function rejection(promise: Promise<unknown>): Promise<NewsletterApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NewsletterApiError);
  return error as NewsletterApiError;
}

describe('the newsletter API client', () => {
  it('fetches a nonce for an action', async () => {
    const { client, requests } = clientWith(() => json({ action: 'sib_subscribe', nonce: 'n-1' }));
    expect(await client.nonce('sib_subscribe')).toBe('n-1');
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url).toBe('http://site.test/wp-json/site/v1/nonce/sib_subscribe');
  });

  it('refuses a nonce answer without a nonce, and a failed nonce request', async () => {
    expect((await rejection(clientWith(() => json({ action: 'sib_subscribe' })).client.nonce('sib_subscribe'))).code).toBe('invalid_answer');
    const failed = await rejection(clientWith(() => json({ code: 'x' }, 500)).client.nonce('sib_subscribe'));
    expect([failed.code, failed.status]).toEqual(['http_error', 500]);
  });

  it('posts the fields urlencoded, in order, repeated names kept, and reads the answer', async () => {
    const { client, requests } = clientWith(() => json({ status: 'success', msg: { successMsg: 'Thanks' }, redirect: '', turnstileCaptcha: false }));
    const answer = await client.subscribe('/newsletter/subscribe/', [
      ['email', 'a@b.co.za'],
      ['listIDs[]', '2'],
      ['listIDs[]', '3'],
      ['SMS', '+27 82 555 0123'],
    ]);
    expect(answer).toEqual({ status: 'success', message: 'Thanks', redirect: '', httpStatus: 200 });
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://site.test/newsletter/subscribe/');
    expect(request.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(await request.text()).toBe('email=a%40b.co.za&listIDs%5B%5D=2&listIDs%5B%5D=3&SMS=%2B27+82+555+0123');
  });

  it('takes a JSON answer with a status as the answer whatever the HTTP status (403 nonce, 429)', async () => {
    const expired = await clientWith(() => json({ status: 'failure', msg: { errorMsg: 'This form has expired.' }, redirect: '', code: 'sib_invalid_nonce' }, 403)).client.subscribe(
      '/newsletter/subscribe/',
      [],
    );
    expect(expired).toEqual({ status: 'failure', message: 'This form has expired.', redirect: '', code: 'sib_invalid_nonce', httpStatus: 403 });
    const limited = await clientWith(() => json({ status: 'failure', msg: { errorMsg: 'Slow down' }, redirect: '', code: 'sib_rate_limited' }, 429)).client.subscribe(
      '/newsletter/subscribe/',
      [],
    );
    expect(limited.code).toBe('sib_rate_limited');
  });

  it.each([
    ['success', { successMsg: 'Thanks' }, 'Thanks'],
    ['update', { successMsg: 'Updated' }, 'Updated'],
    ['already_exist', { existMsg: 'Known' }, 'Known'],
    ['invalid', { invalidMsg: 'Bad format' }, 'Bad format'],
    ['failure', { errorMsg: 'Broken' }, 'Broken'],
    ['gcaptchaEmpty', 'Tick the box', 'Tick the box'],
    ['gcaptchaFail', 'Not a person', 'Not a person'],
  ])('reads the notice of %s where the plugin puts it', async (status, msg, text) => {
    const answer = await clientWith(() => json({ status, msg, redirect: '', turnstileCaptcha: false })).client.subscribe('/newsletter/subscribe/', []);
    expect(answer).toEqual({ status, message: text, redirect: '', httpStatus: 200 });
  });

  it('reads every answer the server writes: each status of a form, and a refused request', async () => {
    const answers = [
      ...(['success', 'update', 'already_exist', 'invalid', 'failure', 'gcaptchaEmpty', 'gcaptchaFail'] as const).map((status) => newsletterAnswer(homeNewsletterForm, status)),
      failureAnswer(invalidNonce()),
    ];
    const { messages } = homeNewsletterForm;
    const read = await Promise.all(answers.map(async (answer) => (await clientWith(() => json(answer)).client.subscribe('/newsletter/subscribe/', [])).message));
    expect(read).toEqual([
      messages.success,
      messages.success,
      messages.alreadyExist,
      messages.invalid,
      messages.failure,
      messages.captchaEmpty,
      messages.captchaFail,
      'This form has expired. Reload the page and try again.',
    ]);
  });

  it.each([
    ['a string where the plugin sends an object', { status: 'success', msg: 'Thanks' }],
    ["another status's key", { status: 'success', msg: { errorMsg: 'Broken' } }],
    ['an object where the plugin sends a string', { status: 'gcaptchaFail', msg: { errorMsg: 'Not a person' } }],
    ['an unknown status', { status: 'sib_security', msg: 'Token not found.' }],
  ])('is an invalid answer with %s', async (_case, body) => {
    const error = await rejection(clientWith(() => json({ redirect: '', ...body })).client.subscribe('/newsletter/subscribe/', []));
    expect(error.code).toBe('invalid_answer');
    expect(error.message).toContain(JSON.stringify(body.msg));
  });

  it('is a transport error with the raw error when the body is not JSON, not an answer, or never came', async () => {
    const html = await rejection(clientWith(() => new Response('<html>Bad gateway</html>', { status: 502 })).client.subscribe('/newsletter/subscribe/', []));
    expect(html.code).toBe('invalid_answer');
    expect(html.message).toMatch(/^SyntaxError: /);
    const shapeless = await rejection(clientWith(() => json({ message: 'no status' })).client.subscribe('/newsletter/subscribe/', []));
    expect(shapeless.code).toBe('invalid_answer');
    const offline = await rejection(
      clientWith(() => {
        throw new TypeError('Failed to fetch');
      }).client.subscribe('/newsletter/subscribe/', []),
    );
    expect([offline.code, offline.message]).toEqual(['fetch_error', 'TypeError: Failed to fetch']);
  });

  it('never retries a subscription', async () => {
    const { client, fetch } = clientWith(() => new Response('oops', { status: 503 }));
    await rejection(client.subscribe('/newsletter/subscribe/', []));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('posts for the prefix list with its action and nonce, and names a refused nonce by its code', async () => {
    const { client, requests } = clientWith(() => new Response(countryPrefixHtml(), { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    expect(await client.countryPrefixList('p-1')).toBe(countryPrefixHtml());
    expect(requests[0]!.url).toBe('http://site.test/wp-admin/admin-ajax.php');
    expect(await requests[0]!.text()).toBe('action=sib_get_country_prefix&security=p-1');
    const refused = await rejection(clientWith(() => json({ code: 'sib_invalid_nonce', message: 'Expired' }, 403)).client.countryPrefixList('old'));
    expect([refused.message, refused.status]).toEqual(['sib_invalid_nonce', 403]);
  });
});

describe('loading the prefix list', () => {
  it('fetches a sib_country_prefix nonce, posts, and reads the list', async () => {
    const { client, requests } = clientWith((request) =>
      request.method === 'GET' ? json({ action: 'sib_country_prefix', nonce: 'p-1' }) : new Response(countryPrefixHtml()),
    );
    expect(await loadCountryPrefixes(client)).toEqual(COUNTRIES);
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /wp-json/site/v1/nonce/sib_country_prefix',
      'POST /wp-admin/admin-ajax.php',
    ]);
  });

  it('fetches the nonce again once after a 403 sib_invalid_nonce, and gives up after a second', async () => {
    let posts = 0;
    const { client } = clientWith((request) => {
      if (request.method === 'GET') return json({ action: 'sib_country_prefix', nonce: 'p' });
      posts += 1;
      return posts === 1 ? json({ code: 'sib_invalid_nonce', message: 'Expired' }, 403) : new Response(countryPrefixHtml());
    });
    expect(await loadCountryPrefixes(client)).toEqual(COUNTRIES);
    expect(posts).toBe(2);

    const { client: refusing, fetch } = clientWith((request) =>
      request.method === 'GET' ? json({ action: 'sib_country_prefix', nonce: 'p' }) : json({ code: 'sib_invalid_nonce', message: 'Expired' }, 403),
    );
    expect((await rejection(loadCountryPrefixes(refusing))).message).toBe('sib_invalid_nonce');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('does not fetch again for other errors', async () => {
    const { client, fetch } = clientWith((request) =>
      request.method === 'GET' ? json({ action: 'sib_country_prefix', nonce: 'p' }) : json({ code: 'unknown_action', message: 'No' }, 400),
    );
    expect((await rejection(loadCountryPrefixes(client))).message).toBe('unknown_action');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
