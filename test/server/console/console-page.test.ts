// The console's page as the server serves the build (server/routes/static-site.ts, README.md
// "The console"): at /admin/, never stored, not indexed, and robots.txt keeps crawlers out.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives } from '../helpers/csp-directives.ts';
import { fixtureFiles } from '../helpers/static-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('the console page', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.cleanup());

  it('is served at /admin/ with no-store and noindex', async () => {
    const response = await test.app.inject({ url: '/admin/', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(fixtureFiles['admin/index.html']);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('is no-store in every encoding', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await test.app.inject({ url: '/admin/', headers: { 'accept-encoding': encoding } });
      expect(response.headers['cache-control'], encoding).toBe('no-store');
    }
  });

  it('redirects /admin to /admin/', async () => {
    const response = await test.app.inject({ url: '/admin' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/admin/');
  });

  it('allows no inline script (the console runs from its own chunks)', async () => {
    const response = await test.app.inject({ url: '/admin/' });
    const scripts = cspDirectives(String(response.headers['content-security-policy'])).get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
  });

  it('is disallowed by the site\'s robots.txt', async () => {
    const robots = await readFile(join(process.cwd(), 'public/robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*\n(?:.+\n)*Disallow: \/admin\/$/m);
  });
});
