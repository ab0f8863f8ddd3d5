// The old WordPress addresses (content/documents/old-addresses.json; README.md, "The old WordPress
// addresses"): moved ones answer 301 to their new place on SITE_URL, gone ones 410, every
// other unknown address keeps the 404 page, and the home page's own queries are untouched.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oldAddresses } from '../support/site-content.ts';
import staticSiteRoutes from '../../server/routes/static-site.ts';
import { createStaticFixture, fixtureFiles } from './helpers/static-fixture.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

const SITE_URL = 'https://www.example.co.za';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ SITE_URL });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

function get(url: string, method: 'GET' | 'HEAD' = 'GET') {
  return testApp.app.inject({ method, url });
}

/** A row of the content table, by its old address. */
function rowOf(from: string) {
  const row = oldAddresses.find((candidate) => candidate.from === from);
  if (!row) throw new Error(`content/documents/old-addresses.json has no row for ${from}`);
  return row;
}

describe(`the old WordPress addresses on ${testDialect}`, () => {
  it('moves an old page to its section with a cacheable 301 on SITE_URL, with or without its last slash and query', async () => {
    expect(rowOf('/contact-us/')).toEqual({ from: '/contact-us/', to: '/#contact' });
    for (const url of ['/contact-us/', '/contact-us', '/contact-us/?utm_source=newsletter']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(`${SITE_URL}/#contact`);
      expect(response.headers['cache-control'], url).toBe('public, max-age=86400');
    }
    expect((await get('/contact-us/', 'HEAD')).statusCode).toBe(301);
  });

  it('moves an old post by its plain link (?p=123) to its project page, whatever else the query holds', async () => {
    expect(rowOf('/?p=123')).toEqual({ from: '/?p=123', to: '/projects/riverside-atrium/' });
    for (const url of ['/?p=123', '/?p=123&utm_source=x', '/?utm_source=x&p=123']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(`${SITE_URL}/projects/riverside-atrium/`);
    }
  });

  it('answers a gone address (feeds, archives) 410 with the 404 page’s words', async () => {
    expect(rowOf('/feed/*')).toEqual({ from: '/feed/*', gone: true });
    for (const url of ['/feed/', '/feed', '/feed/rss2/', '/comments/feed/', '/category/news/page/2/', '/?feed=rss2']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(410);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toBe(fixtureFiles['404.html']);
      expect(response.headers['cache-control'], url).toBe('public, max-age=86400');
    }
  });

  it('answers every row of the content table as it says', async () => {
    for (const row of oldAddresses) {
      const url = row.from.replace(/\*$/, 'x/');
      const response = await get(url);
      if (row.to !== undefined) {
        expect(response.statusCode, url).toBe(301);
        expect(response.headers.location, url).toBe(`${SITE_URL}${row.to}`);
      } else {
        expect(response.statusCode, url).toBe(410);
      }
    }
  });

  it('keeps the 404 page for an unknown old address, the WordPress login and an unknown post id', async () => {
    for (const url of ['/old-page-nobody-mapped/', '/contact-us-now/', '/wp-login.php', '/wp-admin/', '/categoryx/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(fixtureFiles['404.html']);
    }
  });

  it('leaves the home page and its query variants as they were', async () => {
    const cases: Array<[string, string]> = [
      ['/', fixtureFiles['index.html']],
      ['/?category=control-room', fixtureFiles['index@category=control-room.html']],
      ['/?utm_source=mail', fixtureFiles['index.html']],
      // An old post id nobody mapped: the home page, as before.
      ['/?p=999', fixtureFiles['index.html']],
      ['/?pp=123', fixtureFiles['index.html']],
    ];
    for (const [url, body] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(body);
    }
  });
});

describe('a table whose rows share an address', () => {
  it('routes each address once: a path row beside a folder row of the same name, a query row on a page', async () => {
    const site = await createStaticFixture();
    const app = Fastify();
    app.decorate('clock', Date.now);
    try {
      const rows = [
        { from: '/feed/', to: '/#newsletter' },
        { from: '/feed/*', gone: true as const },
        { from: '/thank-you/?page_id=9', to: '/' },
      ];
      await app.register(staticSiteRoutes, { root: site.root, siteUrl: SITE_URL, oldAddresses: rows });
      await app.ready();
      const answer = async (url: string) => {
        const response = await app.inject({ method: 'GET', url });
        return [response.statusCode, response.headers.location];
      };
      expect(await answer('/feed/')).toEqual([301, `${SITE_URL}/#newsletter`]);
      expect(await answer('/feed')).toEqual([301, `${SITE_URL}/#newsletter`]);
      expect(await answer('/feed/atom/')).toEqual([410, undefined]);
      expect(await answer('/thank-you/?page_id=9')).toEqual([301, `${SITE_URL}/`]);
      expect(await answer('/thank-you/')).toEqual([200, undefined]);
    } finally {
      await app.close();
      await site.cleanup();
    }
  });
});
