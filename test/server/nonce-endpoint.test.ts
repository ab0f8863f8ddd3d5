import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { requireNonce } from '../../server/security/require-nonce.ts';
import { NONCE_LIFETIME_SECONDS } from '../../server/security/nonce.ts';
import { NONCE_SECRET_SETTING } from '../../server/security/nonce-secret.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { fetchNonce, injectAsVisitor, visitorCookie } from './helpers/visitor-cookie.ts';

const HALF_DAY_MS = (NONCE_LIFETIME_SECONDS / 2) * 1000;
const invalidNonce = { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } };

let testApp: TestApp | undefined;
let clock = Date.UTC(2026, 0, 15, 9, 0, 0);

afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
});

/** The app with two routes guarded the way later features guard theirs. */
async function appWithGuardedRoutes(env: Record<string, string> = {}): Promise<FastifyInstance> {
  testApp = await createTestApp(env, { now: () => clock });
  const { app } = testApp;
  app.post('/wp-json/test/v1/header', { preHandler: requireNonce('contact') }, async () => ({ ok: true }));
  app.post('/wp-json/test/v1/body', { preHandler: requireNonce('newsletter', 'body', 'security') }, async () => ({ ok: true }));
  app.post('/wp-json/test/v1/default-body', { preHandler: requireNonce('contact', 'body') }, async () => ({ ok: true }));
  // The contact form's shape: multipart fields attached to the body as { value } objects.
  await app.register(async (scope) => {
    await scope.register(multipart, { attachFieldsToBody: true });
    scope.post('/wp-json/test/v1/multipart', { preHandler: requireNonce('contact', 'body') }, async () => ({ ok: true }));
  });
  await app.ready();
  return app;
}

describe(`GET /wp-json/site/v1/nonce/:action on ${testDialect}`, () => {
  it('issues a nonce for the action, never cached', async () => {
    const app = await appWithGuardedRoutes();
    const response = await app.inject({ method: 'GET', url: '/wp-json/site/v1/nonce/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { action: string; nonce: string };
    expect(body.action).toBe('contact');
    expect(body.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(app.nonces.verify(body.nonce, 'contact', String(response.headers['set-cookie']).split(/[=;]/)[1])).toBe(1);
  });

  it.each(['has space', 'a'.repeat(65), 'dots.not.allowed', 'ünïcode'])('refuses the action %j with rest_invalid_param', async (action) => {
    const app = await appWithGuardedRoutes();
    const response = await app.inject({ method: 'GET', url: `/wp-json/site/v1/nonce/${encodeURIComponent(action)}` });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; data: { status: number; params: Record<string, string> } };
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.status).toBe(400);
    expect(Object.keys(body.data.params)).toEqual(['action']);
  });

  it('accepts actions of letters, digits, - and _ up to 64 characters', async () => {
    const app = await appWithGuardedRoutes();
    for (const action of ['a', 'wpcf7-7', 'Track_The_Click', 'x'.repeat(64)]) {
      expect((await app.inject({ method: 'GET', url: `/wp-json/site/v1/nonce/${action}` })).statusCode, action).toBe(200);
    }
  });

  it('signs with the generated secret kept in settings when NONCE_SECRET is unset', async () => {
    const app = await appWithGuardedRoutes();
    const stored = await app.db.selectFrom('settings').select('value').where('key', '=', NONCE_SECRET_SETTING).executeTakeFirst();
    expect(stored?.value.length).toBeGreaterThanOrEqual(32);
  });

  it('uses NONCE_SECRET when set and stores nothing', async () => {
    const app = await appWithGuardedRoutes({ NONCE_SECRET: 'configured-secret-0123456789abcdefghij' });
    await fetchNonce(app, 'contact');
    expect(await app.db.selectFrom('settings').selectAll().execute()).toEqual([]);
  });
});

describe(`requireNonce on ${testDialect}`, () => {
  it('lets a request with a valid X-WP-Nonce header through', async () => {
    const app = await appWithGuardedRoutes();
    const nonce = await fetchNonce(app, 'contact');
    const response = await injectAsVisitor(app, { method: 'POST', url: '/wp-json/test/v1/header', headers: { 'x-wp-nonce': nonce } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('still accepts the nonce in the next tick, not in the one after', async () => {
    const app = await appWithGuardedRoutes();
    const nonce = await fetchNonce(app, 'contact');
    const send = () => injectAsVisitor(app, { method: 'POST', url: '/wp-json/test/v1/header', headers: { 'x-wp-nonce': nonce } });
    clock += HALF_DAY_MS;
    expect((await send()).statusCode).toBe(200);
    clock += HALF_DAY_MS;
    const expired = await send();
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual(invalidNonce);
  });

  it('answers WordPress’s 403 without a nonce, with a wrong one or with another action’s', async () => {
    const app = await appWithGuardedRoutes();
    const otherAction = await fetchNonce(app, 'newsletter');
    for (const headers of [{}, { 'x-wp-nonce': 'not-a-nonce' }, { 'x-wp-nonce': otherAction }]) {
      const response = await injectAsVisitor(app, { method: 'POST', url: '/wp-json/test/v1/header', headers });
      expect(response.statusCode).toBe(403);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual(invalidNonce);
    }
  });

  it('reads a named body field', async () => {
    const app = await appWithGuardedRoutes();
    const nonce = await fetchNonce(app, 'newsletter');
    const json = await injectAsVisitor(app, { method: 'POST', url: '/wp-json/test/v1/body', payload: { security: nonce } });
    expect(json.statusCode).toBe(200);
    const wrong = await injectAsVisitor(app, { method: 'POST', url: '/wp-json/test/v1/body', payload: { security: 'nope' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(invalidNonce);
    const missing = await injectAsVisitor(app, { method: 'POST', url: '/wp-json/test/v1/body', payload: { _wpnonce: nonce } });
    expect(missing.statusCode).toBe(403);
  });

  it('reads _wpnonce from the body by default', async () => {
    const app = await appWithGuardedRoutes();
    const nonce = await fetchNonce(app, 'contact');
    const response = await injectAsVisitor(app, { method: 'POST', url: '/wp-json/test/v1/default-body', payload: { _wpnonce: nonce } });
    expect(response.statusCode).toBe(200);
  });

  it('reads a multipart field', async () => {
    const app = await appWithGuardedRoutes();
    const post = (nonce: string) =>
      injectAsVisitor(app, {
        method: 'POST',
        url: '/wp-json/test/v1/multipart',
        headers: { 'content-type': 'multipart/form-data; boundary=BOUNDARY' },
        payload: [
          '--BOUNDARY',
          'Content-Disposition: form-data; name="your-name"',
          '',
          'Thandi',
          '--BOUNDARY',
          'Content-Disposition: form-data; name="_wpnonce"',
          '',
          nonce,
          '--BOUNDARY--',
          '',
        ].join('\r\n'),
      });
    expect((await post(await fetchNonce(app, 'contact'))).statusCode).toBe(200);
    expect((await post('forged-nonce')).json()).toEqual(invalidNonce);
  });

  it('keeps nonces valid across a restart on the same database', async () => {
    const app = await appWithGuardedRoutes();
    const nonce = await fetchNonce(app, 'contact');
    const { buildApp } = await import('../../server/app.ts');
    const restarted = await buildApp({ config: app.config, db: app.db, logger: false, now: () => clock });
    try {
      await restarted.ready();
      expect(restarted.nonces.verify(nonce, 'contact', visitorCookie(app).cookie?.split('=')[1])).toBe(1);
    } finally {
      await restarted.close();
    }
  });
});
