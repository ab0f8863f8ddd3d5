import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestError } from '../../server/http/rest-error.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  app.get('/wp-json/test/v1/crash', async () => {
    throw new Error('connection string postgres://user:hunter2@db failed at /srv/secret/file.ts:12');
  });
  app.get('/wp-json/test/v1/missing-form', async () => {
    throw new RestError(404, 'wpcf7_not_found', 'The requested contact form was not found.', { form: '7' });
  });
  app.post(
    '/wp-json/test/v1/echo',
    { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } } } } },
    async (request) => request.body,
  );
  await app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

describe(`REST errors on ${testDialect}`, () => {
  it.each([
    ['GET', '/wp-json/nothing/here'],
    ['POST', '/wp-json/contact-form-7/v1/contact-forms/7/nothing'],
    ['GET', '/wp-json'],
    ['GET', '/wp-json/'],
    ['DELETE', '/wp-json/site/v1/config'],
  ])('answer an unknown %s %s with rest_no_route', async (method, url) => {
    const response = await app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });

  it('answer other unknown non-GET requests with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/some/page' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'Not Found', data: { status: 404 } });
  });

  it('hide the details of a crash', async () => {
    const response = await app.inject({ method: 'GET', url: '/wp-json/test/v1/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ code: 'internal_server_error', message: 'Internal Server Error', data: { status: 500 } });
    expect(response.body).not.toMatch(/hunter2|secret|stack|\.ts/);
  });

  it('answer a RestError with its own code, message and data', async () => {
    const response = await app.inject({ method: 'GET', url: '/wp-json/test/v1/missing-form' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'wpcf7_not_found',
      message: 'The requested contact form was not found.',
      data: { status: 404, form: '7' },
    });
  });

  it('name each invalid parameter, like rest_invalid_param', async () => {
    const missing = await app.inject({ method: 'POST', url: '/wp-json/test/v1/echo', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): name',
      data: { status: 400, params: { name: "must have required property 'name'" } },
    });
    const short = await app.inject({ method: 'POST', url: '/wp-json/test/v1/echo', payload: { name: 'x' } });
    expect(short.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { name: expect.any(String) } } });
  });

  it('answer malformed JSON with rest_invalid_json', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/test/v1/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
  });

  it('answer an unsupported body type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/test/v1/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>x</name>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'rest_unsupported_media_type', data: { status: 415 } });
  });
});
