// The redirect add-on's hidden-form POST in real Chromium: a sent message whose answer carries a
// POST redirect (the answer is the real server's, with that entry added on its way to the page,
// since the site's own form has none) posts the chosen fields from a form the page builds, in
// the same tab, to a local page standing in for a payment or CRM page.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let receiver: Server;
let receiverUrl = '';
const posted: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') posted.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Received</title><h1>Received</h1>');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crm/lead`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('the redirect add-on in Chromium', () => {
  it('posts the chosen fields from a hidden form to the POST redirect page, in the same tab', async () => {
    // bypassCSP: the stand-in is a plain-http page on loopback; in production the page's
    // form-action allows the https origin of each POST redirect in content (test/server/contact-form/api-actions.test.ts).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const hostile = `"T" <script>x</script>`;
    await page.route('**/contact-forms/5/feedback', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as Record<string, unknown>;
      const withPost = {
        ...answer,
        popup: undefined,
        redirect: [{ type: 'redirect', redirect_url: receiverUrl, delay: 1, post_fields: [['your-name', hostile], ['your-email', 'thandi@example.co.za']] }],
      };
      await route.fulfill({ response, json: withPost });
    });
    await page.goto(`${baseUrl}/#contact`, { waitUntil: 'networkidle' });
    await page.locator('#contact .wpcf7.js').waitFor();
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full name').fill('Thandi Nkosi');
    await form.getByLabel('Email address').fill('thandi@example.co.za');
    await form.getByLabel('What can we help with?').selectOption('LED video walls');
    await form.getByLabel('Your message').fill('We need a 4 x 3 m outdoor LED screen above the entrance of a shopping centre.');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await Promise.all([page.waitForURL(receiverUrl, { timeout: 15_000 }), form.getByRole('button', { name: 'Send message' }).click()]);
    expect(await page.locator('h1').innerText()).toBe('Received');
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(posted[0]))).toEqual({ 'your-name': hostile, 'your-email': 'thandi@example.co.za' });
    await context.close();
  });
});
