import { countries } from 'countries-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryPrefixItem } from '../../server/newsletter/country-prefixes.ts';
import { multipartBody } from './helpers/multipart.ts';
import { fetchNonce, injectAsVisitor } from './helpers/visitor-cookie.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

/*
 * POST /wp-admin/admin-ajax.php: the dispatch on `action`, the nonce of each action, and the
 * Brevo plugin's country prefix list (sib_get_country_prefix) as HTML: the dial code's digits in
 * `data-dial-code` (the plugin's script writes the +), the list answered for the sign-up's
 * nonce as well (the plugin's page holds one nonce for both).
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

async function ajax(body: string, type = 'application/x-www-form-urlencoded; charset=UTF-8') {
  return injectAsVisitor(testApp.app, { method: 'POST', url: '/wp-admin/admin-ajax.php', payload: body, headers: { 'content-type': type } });
}

async function prefixList(): Promise<string> {
  const nonce = await fetchNonce(testApp.app, 'sib_country_prefix');
  const response = await ajax(`action=sib_get_country_prefix&security=${nonce}`);
  expect(response.statusCode).toBe(200);
  return response.body;
}

const ITEM = /^<li class="sib-country-prefix" data-country-code="([a-z]{2})" data-dial-code="([0-9]{1,4})"><span class="sib-flag" aria-hidden="true">([^<]+)<\/span><span class="sib-country-name">([^<]+)<\/span><span class="sib-dial-code">\+([0-9]{1,4})<\/span><\/li>$/u;

describe(`admin-ajax on ${testDialect}`, () => {
  it('answers sib_get_country_prefix with one <li> per dial code, South Africa exactly as the contract shows', async () => {
    const nonce = await fetchNonce(testApp.app, 'sib_country_prefix');
    const response = await ajax(`action=sib_get_country_prefix&security=${nonce}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.split('\n');
    expect(lines).toContain(
      '<li class="sib-country-prefix" data-country-code="za" data-dial-code="27"><span class="sib-flag" aria-hidden="true">🇿🇦</span><span class="sib-country-name">South Africa</span><span class="sib-dial-code">+27</span></li>',
    );
    for (const line of lines) {
      const match = ITEM.exec(line);
      expect(match, line).not.toBeNull();
      // The two dial codes of an item agree.
      expect(match?.[2]).toBe(match?.[5]);
    }
    const codes = Object.values(countries).reduce((sum, country) => sum + country.phone.length, 0);
    expect(lines).toHaveLength(codes);
  });

  it('sorts by country name and gives a country with several dial codes one item per code', async () => {
    const lines = (await prefixList()).split('\n');
    const names = lines.map((line) => ITEM.exec(line)?.[4] ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const dominican = lines.filter((line) => line.includes('data-country-code="do"')).map((line) => ITEM.exec(line)?.[2]);
    expect(dominican).toEqual(['1809', '1829', '1849']);
    const kosovo = lines.filter((line) => line.includes('data-country-code="xk"')).map((line) => ITEM.exec(line)?.[2]);
    expect(kosovo).toEqual(['377', '381', '383', '386']);
    expect(lines.filter((line) => line.includes('data-dial-code="1"')).length).toBeGreaterThan(1);
  });

  it('escapes names and attributes as HTML', async () => {
    const body = await prefixList();
    // The package's names are plain today (Cote D'Ivoire is spelled "Ivory Coast"); whatever it
    // ships later, no bare & or quote can reach the markup.
    expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
    expect(body.replace(/<[^>]*>/g, '')).not.toMatch(/["'<>]/);
    expect(countryPrefixItem({ countryCode: 'x"y', name: '<b>&', flag: '"', dialDigits: '1"' })).toBe(
      '<li class="sib-country-prefix" data-country-code="x&quot;y" data-dial-code="1&quot;"><span class="sib-flag" aria-hidden="true">&quot;</span><span class="sib-country-name">&lt;b&gt;&amp;</span><span class="sib-dial-code">+1&quot;</span></li>',
    );
  });

  it('accepts multipart/form-data too', async () => {
    const { payload, contentType } = await multipartBody({ action: 'sib_get_country_prefix', security: await fetchNonce(testApp.app, 'sib_country_prefix') });
    const response = await injectAsVisitor(testApp.app, { method: 'POST', url: '/wp-admin/admin-ajax.php', payload, headers: { 'content-type': contentType } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-country-code="za"');
  });

  it.each([
    ['missing', ''],
    ['made up', 'abcdefghijklmnopqrstuv'],
  ])('answers 403 sib_invalid_nonce when the nonce is %s', async (_name, nonce) => {
    const response = await ajax(`action=sib_get_country_prefix&security=${nonce}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'sib_invalid_nonce', message: 'This form has expired. Reload the page and try again.' });
  });

  it("answers the sign-up's nonce too: the plugin's page holds one nonce and sends it to both", async () => {
    const response = await ajax(`action=sib_get_country_prefix&security=${await fetchNonce(testApp.app, 'sib_subscribe')}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-country-code="za" data-dial-code="27"');
  });

  it('answers 403 for a nonce of any other action', async () => {
    const response = await ajax(`action=sib_get_country_prefix&security=${await fetchNonce(testApp.app, 'wp_rest')}`);
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['an unknown action', 'action=wp_delete_everything&security=x', 'Unknown action "wp_delete_everything".'],
    ['no action', 'security=x', 'No action was given.'],
    ['an inherited property name', 'action=toString', 'Unknown action "toString".'],
  ])('answers 400 unknown_action for %s', async (_name, body, message) => {
    const response = await ajax(body);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 'unknown_action', message });
  });

  it('answers 415 JSON for other media types', async () => {
    const response = await ajax('{"action":"sib_get_country_prefix"}', 'application/json');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });
});
