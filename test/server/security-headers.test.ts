import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions } from '../../server/plugins/security-headers.ts';
import { postRedirectOrigins } from '../../server/security/content-security-policy.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

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
