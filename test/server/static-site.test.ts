import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives } from './helpers/csp-directives.ts';
import { fixtureFiles } from './helpers/static-fixture.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  // A dynamic response big enough to be worth compressing, added like any later route.
  testApp.app.get('/wp-json/test/v1/large', async () => ({ items: Array.from({ length: 200 }, (_, i) => `item ${i}`) }));
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

// Both spellings are standard (RFC 9239); which one depends on the mime table's version.
const javascriptType = /^(text|application)\/javascript; charset=utf-8$/;

function get(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers });
}

describe(`the static site on ${testDialect}`, () => {
  it('serves / from index.html, revalidated', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(fixtureFiles['index.html']);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['last-modified']).toBeTruthy();
  });

  it('answers a revalidation with 304 Not Modified', async () => {
    const first = await get('/');
    const second = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('serves /thank-you/ from thank-you/index.html', async () => {
    const response = await get('/thank-you/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(fixtureFiles['thank-you/index.html']);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('redirects /thank-you to /thank-you/ permanently, keeping the query', async () => {
    const bare = await get('/thank-you');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/thank-you/');
    const withQuery = await get('/thank-you?utm_source=mail');
    expect(withQuery.statusCode).toBe(301);
    expect(withQuery.headers.location).toBe('/thank-you/?utm_source=mail');
  });

  it('serves hashed assets as immutable for a year', async () => {
    for (const url of ['/assets/index-4f2a9c1b.js', '/assets/index-7d1e0b3a.css', '/assets/logo-0a1b2c3d.png']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/assets/index-4f2a9c1b.js')).headers['content-type']).toMatch(javascriptType);
  });

  it('serves robots.txt as text/plain', async () => {
    const response = await get('/robots.txt', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(fixtureFiles['robots.txt']);
  });

  it('sends the precompressed brotli twin to browsers that accept it', async () => {
    const response = await get('/assets/index-4f2a9c1b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-type']).toMatch(javascriptType);
    // Decoded once it is the file itself: nothing compressed it a second time.
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(fixtureFiles['assets/index-4f2a9c1b.js']);
  });

  it('sends the gzip twin when brotli is not accepted', async () => {
    const response = await get('/', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(response.rawPayload).toString()).toBe(fixtureFiles['index.html']);
  });

  it('sends the plain file when no encoding is accepted, still varying on it', async () => {
    const response = await get('/assets/index-7d1e0b3a.css', { 'accept-encoding': 'identity' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.body).toBe(fixtureFiles['assets/index-7d1e0b3a.css']);
  });

  it('gives each encoding its own ETag', async () => {
    const plain = await get('/');
    const brotli = await get('/', { 'accept-encoding': 'br' });
    expect(plain.headers.etag).not.toBe(brotli.headers.etag);
  });

  it('answers /?category=x with the home page prerendered for that category, and any other value with the home page', async () => {
    const filtered = await get('/?category=control-room', { 'accept-encoding': 'br' });
    expect(filtered.statusCode).toBe(200);
    expect(brotliDecompressSync(filtered.rawPayload).toString()).toBe(fixtureFiles['index@category=control-room.html']);
    expect(filtered.headers['cache-control']).toBe('no-cache');
    expect(filtered.headers.vary).toBe('accept-encoding');
    // Its own ETag: a browser holding the unfiltered page revalidates to the filtered one.
    const plain = await get('/', { 'accept-encoding': 'br' });
    expect(filtered.headers.etag).not.toBe(plain.headers.etag);
    expect((await get('/?category=control-room&utm_source=mail')).body).toBe(fixtureFiles['index@category=control-room.html']);
    for (const url of ['/?category=billboards', '/?category=', '/?utm_source=mail', '/index.html?category=control-room']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(url.startsWith('/index.html') ? fixtureFiles['index@category=control-room.html'] : fixtureFiles['index.html']);
    }
    // The variant has no address of its own.
    expect((await get('/index@category=control-room.html')).statusCode).toBe(404);
  });

  it('serves a project page at /projects/{slug}/, revalidated; an unknown slug is the 404 page', async () => {
    const response = await get('/projects/riverside-atrium/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(fixtureFiles['projects/riverside-atrium/index.html']);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect((await get('/projects/riverside-atrium')).headers.location).toBe('/projects/riverside-atrium/');
    const unknown = await get('/projects/no-such-project/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(fixtureFiles['404.html']);
  });

  it('does not serve the twins or dotfiles by their own names', async () => {
    expect((await get('/index.html.br')).statusCode).toBe(404);
    expect((await get('/.env')).statusCode).toBe(404);
  });

  it('answers unknown pages with the prerendered 404 page and status 404', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(fixtureFiles['404.html']);
    expect(response.headers.etag).toBeUndefined();

    const compressed = await get('/deep/missing/path/', { 'accept-encoding': 'br' });
    expect(compressed.statusCode).toBe(404);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(fixtureFiles['404.html']);
  });

  it('never answers a 404 with 304, even to a conditional request', async () => {
    const response = await get('/missing', { 'if-modified-since': new Date().toUTCString(), 'if-none-match': '*' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(fixtureFiles['404.html']);
    const ranged = await get('/missing', { range: 'bytes=0-3' });
    expect(ranged.statusCode).toBe(404);
    expect(ranged.body).toBe(fixtureFiles['404.html']);
  });

  it('compresses dynamic responses with brotli or gzip', async () => {
    const brotli = await get('/wp-json/test/v1/large', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString()).items).toHaveLength(200);

    const gzip = await get('/wp-json/test/v1/large', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).items).toHaveLength(200);

    const plain = await get('/wp-json/test/v1/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('security headers', () => {
  it('send a Content-Security-Policy that allows only the site and its services', async () => {
    const policy = cspDirectives((await get('/')).headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://maps.googleapis.com/maps/api/js',
      'https://maps.googleapis.com/maps/api/js/',
      'https://maps.googleapis.com/maps-api-v3/',
    ]);
    expect(policy.get('style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://i.ytimg.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://maps.googleapis.com']);
    // reCAPTCHA's challenge, and the videos: YouTube's privacy-enhanced player and nothing else of it.
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/', 'https://www.youtube-nocookie.com']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    // Nothing lets inline or evaluated script run.
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('are on every kind of response', async () => {
    for (const url of ['/', '/assets/logo-0a1b2c3d.png', '/no-such-page', '/wp-json/nothing', '/healthz']) {
      const response = await get(url);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});
