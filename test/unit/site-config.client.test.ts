// The site's public configuration client: its path under the REST root, empty or malformed keys
// read as "off" (null), and a failure passed on to the caller (the feature stays off).
import { describe, expect, it, vi } from 'vitest';
import { fetchSiteConfig, SITE_REST_ROOT } from '../../src/services/shared/site-config.client.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fetchAnswering(answer: () => Response) {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(new Request(input, init).url);
    return answer();
  });
  return { fetch: fetch as typeof globalThis.fetch, urls };
}

describe('fetchSiteConfig', () => {
  it('reads the keys from site/v1/config under the REST root', async () => {
    const { fetch, urls } = fetchAnswering(() => json({ recaptchaSiteKey: 'site-key', googleMapsApiKey: 'maps-key', mapLoad: 'visible', lightGalleryLicenseKey: '1A2B-3C4D-5E6-7F80', clickCounts: true }));
    await expect(fetchSiteConfig('http://site.test/wp-json/', { fetch })).resolves.toEqual({ recaptchaSiteKey: 'site-key', googleMapsApiKey: 'maps-key', mapLoad: 'visible', lightGalleryLicenseKey: '1A2B-3C4D-5E6-7F80', clickCounts: true });
    expect(urls).toEqual(['http://site.test/wp-json/site/v1/config']);
    expect(SITE_REST_ROOT).toBe('/wp-json/');
  });

  it('an empty, missing or non-text key is null; a switch that is not true is off', async () => {
    const { fetch } = fetchAnswering(() => json({ recaptchaSiteKey: '', googleMapsApiKey: 42, mapLoad: 'VISIBLE', lightGalleryLicenseKey: [], clickCounts: 'on' }));
    await expect(fetchSiteConfig('http://site.test/wp-json/', { fetch })).resolves.toEqual({ recaptchaSiteKey: null, googleMapsApiKey: null, mapLoad: 'click', lightGalleryLicenseKey: null, clickCounts: false });
  });

  it('an error answer rejects, so the caller leaves the feature off', async () => {
    const { fetch } = fetchAnswering(() => json({ code: 'rest_no_route' }, 404));
    await expect(fetchSiteConfig('http://site.test/wp-json/', { fetch })).rejects.toThrow();
  });
});
