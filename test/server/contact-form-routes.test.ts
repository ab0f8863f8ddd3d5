import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseSchema } from '../../src/validation/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { postFeedback } from './helpers/multipart.ts';
import { testForms, validContactFields } from './helpers/test-forms.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ SITE_URL: 'http://localhost' }, { forms: testForms });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

const base = '/wp-json/contact-form-7/v1/contact-forms';
const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

describe(`contact form routes on ${testDialect}`, () => {
  it.each([
    ['GET', `${base}/999/feedback/schema`],
    ['GET', `${base}/999/refill`],
  ])('answer %s %s for an unknown form with 404 wpcf7_not_found', async (method, url) => {
    const response = await testApp.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'wpcf7_not_found',
      message: 'The requested contact form was not found.',
      data: { status: 404 },
    });
  });

  it('looks the form of a feedback POST up once, before its body, and answers with it', async () => {
    const find = vi.spyOn(testApp.app.forms, 'find');
    try {
      const response = await postFeedback(testApp.app, 5, validContactFields());
      expect(response.json()).toMatchObject({ contact_form_id: 5, status: 'mail_sent' });
      expect(find.mock.calls).toEqual([[5]]);
    } finally {
      find.mockRestore();
    }
  });

  it('answers a multipart POST to an unknown form with 404 wpcf7_not_found', async () => {
    const response = await postFeedback(testApp.app, 999, validContactFields());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'wpcf7_not_found', data: { status: 404 } });
  });

  it('answers ids that are not numbers as WordPress does: no route', async () => {
    const response = await get(`${base}/contact/refill`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'rest_no_route' });
  });

  it.each([
    ['JSON', 'application/json', JSON.stringify(validContactFields())],
    ['url-encoded', 'application/x-www-form-urlencoded', new URLSearchParams(validContactFields()).toString()],
    ['plain text', 'text/plain', 'your-name=Eve'],
  ])('refuses a %s body with 415 wpcf7_unsupported_media_type', async (_kind, contentType, payload) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${base}/5/feedback`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'wpcf7_unsupported_media_type',
      message: 'The request payload format is not supported.',
      data: { status: 415 },
    });
  });

  it('refuses a POST without any body with 415', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: `${base}/5/feedback` });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'wpcf7_unsupported_media_type' });
  });

  it('publishes the SWV schema of a form, cacheable briefly and revalidated by ETag', async () => {
    const response = await get(`${base}/5/feedback/schema`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const schema = parseSchema(response.json());
    expect(schema.locale).toBe('en_ZA');
    expect(schema.rules).toContainEqual({ rule: 'required', field: 'your-name', error: 'Enter your full name' });
    expect(schema.rules).toContainEqual({ rule: 'email', field: 'your-email', error: 'Enter an email address in the correct format, like name@example.co.za' });
    expect(schema.rules.some((rule) => rule.rule === 'maxfilesize' && rule.field === 'your-file' && rule.threshold === 5 * 1024 * 1024)).toBe(true);

    const again = await get(`${base}/5/feedback/schema`, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the schema precompressed when the browser accepts it, each encoding with its own ETag', async () => {
    const plain = await get(`${base}/5/feedback/schema`);
    const brotli = await get(`${base}/5/feedback/schema`, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(`${base}/5/feedback/schema`, { 'accept-encoding': 'gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const response of [plain, brotli, gzip]) expect(response.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(new Set([plain.headers.etag, brotli.headers.etag, gzip.headers.etag]).size).toBe(3);
    const revalidated = await get(`${base}/5/feedback/schema`, { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('refills nothing for a form without quiz or captcha', async () => {
    const response = await get(`${base}/5/refill`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({});
  });

  it('refills a fresh captcha URL and quiz question for a form that has them', async () => {
    const first = (await get(`${base}/42/refill`)).json<{ captcha: Record<string, string>; quiz: Record<string, [string, string]> }>();
    const second = (await get(`${base}/42/refill`)).json<{ captcha: Record<string, string>; quiz: Record<string, [string, string]> }>();
    expect(Object.keys(first)).toEqual(['quiz', 'captcha']);
    expect(first.captcha.captcha).toMatch(/^http:\/\/localhost(:80)?\/wp-content\/uploads\/wpcf7_captcha\/\d{12}\.svg$/);
    expect(second.captcha.captcha).not.toBe(first.captcha.captcha);
    expect(first.quiz.quiz).toEqual(['What is 3 + 4?', expect.stringMatching(/^[0-9a-f]{32}$/)]);
    // Same question, same hash: nothing is stored for a quiz.
    expect(second.quiz.quiz).toEqual(first.quiz.quiz);
  });

  it('serves a captcha image by the digits of its name, privately, and 404 for any other', async () => {
    const refill = (await get(`${base}/42/refill`)).json<{ captcha: Record<string, string> }>();
    const image = await get(new URL(refill.captcha.captcha ?? '').pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // The word is drawn as paths: no text for a bot to read.
    expect(image.body).not.toContain('<text');

    expect((await get('/wp-content/uploads/wpcf7_captcha/123456789012.svg')).statusCode).toBe(404);
    expect((await get('/wp-content/uploads/wpcf7_captcha/..%2F..%2Fsite.db.svg')).statusCode).toBe(404);
  });
});
