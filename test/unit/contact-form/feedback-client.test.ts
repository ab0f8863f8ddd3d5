// @vitest-environment node
// (Node's own FormData, File and Request: Node 24's Request refuses jsdom's File.)
// The Contact Form 7 API client (ky): the plugin's error mapping (offline → fetch_error,
// not JSON → invalid_json), answers outside 2xx logged and carrying the server's message, the
// paths, the multipart body, and no retry of a submission.
import { describe, expect, it, vi } from 'vitest';
import {
  Cf7ApiError,
  createCf7Client,
  FETCH_ERROR_MESSAGE,
  HTTP_ERROR_MESSAGE,
  INVALID_JSON_MESSAGE,
} from '../../../src/services/contact-form/cf7-api.client.ts';
import { siteWpcf7 } from '../../../src/services/contact-form/cf7-config.service.ts';
import { jsonResponse, recordingFetch } from '../../support/recording-fetch.ts';

const api = { root: 'http://site.test/wp-json/', namespace: siteWpcf7.api.namespace };

const json = jsonResponse;

function clientWith(answer: (request: Request) => Response | Promise<Response>) {
  const { fetch, requests } = recordingFetch(answer);
  const log = vi.fn();
  return { client: createCf7Client(api, { fetch, log }), requests, fetch, log };
}

const sent = {
  contact_form_id: 5,
  status: 'mail_sent',
  message: 'Thank you for your message.',
  invalid_fields: [],
  posted_data_hash: 'abc',
  into: '#wpcf7-f5-o1',
};

async function rejection(promise: Promise<unknown>): Promise<Cf7ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Cf7ApiError);
  return error as Cf7ApiError;
}

describe('the feedback client', () => {
  it('posts the form as multipart to …/contact-forms/{id}/feedback and returns the answer', async () => {
    const { client, requests } = clientWith(() => json(sent));
    const body = new FormData();
    body.append('_wpcf7', '5');
    body.append('your-name', 'Thandi');
    body.append('your-file', new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' }));

    await expect(client.feedback(5, body)).resolves.toEqual(sent);

    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://site.test/wp-json/contact-form-7/v1/contact-forms/5/feedback');
    expect(request?.headers.get('accept')).toBe('application/json, */*;q=0.1');
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const posted = await request!.formData();
    expect(posted.get('your-name')).toBe('Thandi');
    const file = posted.get('your-file');
    expect(file).toBeInstanceOf(File);
    expect(file instanceof File ? [file.name, file.type, await file.text()] : null).toEqual(['brief.pdf', 'application/pdf', '%PDF-1.4']);
  });

  it('always gives invalid_fields, [] when the server left it out', async () => {
    const { client } = clientWith(() => json({ ...sent, invalid_fields: undefined }));
    await expect(client.feedback(5, new FormData())).resolves.toMatchObject({ invalid_fields: [] });
  });

  it('offline: fetch_error, "You are probably offline."', async () => {
    const { client } = clientWith(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(client.feedback(5, new FormData()));
    expect(error.code).toBe('fetch_error');
    expect(error.message).toBe(FETCH_ERROR_MESSAGE);
    expect(FETCH_ERROR_MESSAGE).toBe('You are probably offline.');
  });

  it('an answer that is not JSON: invalid_json, "The response is not a valid JSON response."', async () => {
    const { client } = clientWith(() => new Response('<html>Bad gateway page</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await rejection(client.feedback(5, new FormData()));
    expect(error.code).toBe('invalid_json');
    expect(error.message).toBe(INVALID_JSON_MESSAGE);
    expect(INVALID_JSON_MESSAGE).toBe('The response is not a valid JSON response.');
  });

  it('JSON that is not a feedback answer is invalid_json too', async () => {
    const { client } = clientWith(() => json({ hello: 'world' }));
    expect((await rejection(client.feedback(5, new FormData()))).code).toBe('invalid_json');
  });

  it('outside 2xx: logged, with the WordPress error message for the visitor (e.g. a rate limit)', async () => {
    const body = { code: 'rate_limited', message: 'Too many messages from your network. Please wait a minute.', data: { status: 429 } };
    const { client, log } = clientWith(() => json(body, 429));
    const error = await rejection(client.feedback(5, new FormData()));
    expect(error.code).toBe('http_error');
    expect(error.status).toBe(429);
    expect(error.message).toBe(body.message);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('HTTP 429'), body);
  });

  it('outside 2xx without a JSON message: logged, with the plugin\'s "try again later"', async () => {
    const { client, log } = clientWith(() => new Response('Internal Server Error', { status: 500 }));
    const error = await rejection(client.feedback(5, new FormData()));
    expect(error).toMatchObject({ code: 'http_error', status: 500, message: HTTP_ERROR_MESSAGE });
    expect(log).toHaveBeenCalledOnce();
  });

  it('never retries a submission (a second message is worse than none)', async () => {
    const { client, fetch } = clientWith(() => new Response('busy', { status: 503 }));
    await rejection(client.feedback(5, new FormData()));
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('fetches the schema and the refill from their paths', async () => {
    const schema = { version: 'x', locale: 'en_ZA', rules: [] };
    const refill = { quiz: { 'quiz-1': ['1 + 1 = ?', 'hash'] } };
    const { client, requests } = clientWith((request) => {
      if (request.url.endsWith('/feedback/schema')) return json(schema);
      return json(refill);
    });
    await expect(client.schema(5)).resolves.toEqual(schema);
    await expect(client.refill(5)).resolves.toEqual(refill);
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['GET', 'http://site.test/wp-json/contact-form-7/v1/contact-forms/5/feedback/schema'],
      ['GET', 'http://site.test/wp-json/contact-form-7/v1/contact-forms/5/refill'],
    ]);
  });

  it('an unknown form is a logged http_error with the server\'s wpcf7_not_found message', async () => {
    const { client, log } = clientWith(() => json({ code: 'wpcf7_not_found', message: 'The requested contact form was not found.', data: { status: 404 } }, 404));
    const error = await rejection(client.schema(99));
    expect(error).toMatchObject({ code: 'http_error', status: 404, message: 'The requested contact form was not found.' });
    expect(log).toHaveBeenCalled();
  });

  it('a 204 answer is null, not an error', async () => {
    const { client } = clientWith(() => new Response(null, { status: 204 }));
    await expect(client.schema(5)).resolves.toBeNull();
  });
});
