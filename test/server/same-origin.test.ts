import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFormUrl } from '../../src/validation/contact-form/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

/*
 * Every public form route refuses a POST another site's page makes (server/http/same-origin.ts):
 * 403 `cross_site_request` in the route's own error shape; the same POST without Origin and
 * Sec-Fetch-Site (curl, a mail client's one-click unsubscribe) reaches the route's own checks.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ SITE_URL: 'https://www.example.co.za' });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const routes: Array<[string, string, string]> = [
  ['the contact form feedback', contactFormUrl('7', 'feedback'), 'your-name=a'],
  ['the newsletter sign-up', '/newsletter/subscribe/', 'email=a%40example.com'],
  ['admin-ajax (the sidebar send)', '/wp-admin/admin-ajax.php', 'action=site_sidebar_send'],
  ['the click beacon', '/wp-json/track-the-click/v3/click/1', 'post_id=0'],
  ['the click counts', '/wp-json/track-the-click/v3/getpagelinkclicks/1', 'post_id=0'],
  ['the newsletter confirmation', '/newsletter/confirm/', 'token=x'],
  ['the newsletter unsubscribe', '/newsletter/unsubscribe/', 'token=x'],
];

describe(`cross-site POSTs on ${testDialect}`, () => {
  it.each(routes)('refuses %s from another site with 403 cross_site_request', async (_name, url, payload) => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'https://www.example.co.za.evil.example' }]) {
      const response = await testApp.app.inject({ method: 'POST', url, payload, headers: { ...form, ...headers } });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('cross_site_request');
    }
  });

  it.each(routes)('lets %s through to its own checks from the site itself or without the headers', async (_name, url, payload) => {
    for (const headers of [{}, { origin: 'https://www.example.co.za', 'sec-fetch-site': 'same-origin' }]) {
      const response = await testApp.app.inject({ method: 'POST', url, payload, headers: { ...form, ...headers } });
      const code = String(response.headers['content-type'] ?? '').startsWith('application/json') ? response.json<{ code?: string }>().code : undefined;
      expect(code).not.toBe('cross_site_request');
    }
  });
});
