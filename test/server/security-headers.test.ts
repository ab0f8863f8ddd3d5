import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions } from '../../server/plugins/security-headers.ts';
import { postRedirectOrigins } from '../../server/security/content-security-policy.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { cspDirectives } from './helpers/csp-directives.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
});

/** What Helmet itself sets on a response, for comparison. */
function setByHelmet(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe('the security headers (Helmet run once, copied onto every response)', () => {
  it('are every header Helmet sets, with its values, on a page, an API answer, a beacon and a 404', async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
    const expected = setByHelmet(helmetOptions(postRedirectOrigins(testApp.app.forms.all())));
    expect(Object.fromEntries(helmetHeaders(helmetOptions(postRedirectOrigins(testApp.app.forms.all()))))).toEqual(expected);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options']));
    const answers = await Promise.all([
      testApp.app.inject({ method: 'GET', url: '/healthz' }),
      testApp.app.inject({ method: 'GET', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback/schema' }),
      testApp.app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/1', payload: 'postID=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      testApp.app.inject({ method: 'GET', url: '/no-such-page/' }),
    ]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], `${name} on ${answer.statusCode}`).toBe(value);
    }
  });
});

describe('the policies against what a page may do', () => {
  it('allow of Google Maps only the loader and the paths of its own scripts, never the whole host (its JSONP endpoints)', async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
    const scriptSrc = cspDirectives((await testApp.app.inject({ url: '/healthz' })).headers['content-security-policy']).get('script-src') ?? [];
    expect(scriptSrc.filter((source) => source.includes('maps.googleapis.com'))).toEqual([
      'https://maps.googleapis.com/maps/api/js',
      'https://maps.googleapis.com/maps/api/js/',
      'https://maps.googleapis.com/maps-api-v3/',
    ]);
    // No bare host source: a host without a path allows every script the host serves.
    expect(scriptSrc.filter((source) => /^https:\/\/[^/]+$/.test(source))).toEqual([]);
  });

  it('send a Permissions-Policy denying the devices and APIs the site never uses, geolocation for the site itself only (the driving route from where you are)', async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
    const answers = await Promise.all([
      testApp.app.inject({ url: '/healthz' }),
      testApp.app.inject({ url: '/no-such-page/' }),
      testApp.app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/1', payload: 'postID=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ]);
    for (const answer of answers) {
      const policy = new Map(String(answer.headers['permissions-policy']).split(/,\s*/).map((entry) => entry.split('=') as [string, string]));
      expect(policy.get('geolocation')).toBe('(self)');
      for (const feature of ['camera', 'microphone', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture', 'xr-spatial-tracking', 'browsing-topics']) {
        expect([feature, policy.get(feature)]).toEqual([feature, '()']);
      }
      // The YouTube player's frame is allowed these (video-player.view.tsx): not denied here.
      for (const feature of ['autoplay', 'encrypted-media', 'picture-in-picture', 'fullscreen']) expect(policy.has(feature)).toBe(false);
    }
  });
});
