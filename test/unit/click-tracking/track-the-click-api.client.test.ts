// Track The Click's requests from the page: a hit by beacon (or keepalive fetch), counts with the
// REST nonce, and marking the counted links.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markLinkCounts } from '../../../src/services/click-tracking/link-counts.service.ts';
import { fetchLinkCounts, sendClickHit, type ClickHit } from '../../../src/services/click-tracking/track-the-click-api.client.ts';

const hit: ClickHit = { postId: 7, location: 'http://site.test/', link: { target: 'https://partner.example/', anchor: 'Partner' } };
const fields = (data: FormData) => Object.fromEntries(data.entries());

afterEach(() => {
  document.body.innerHTML = '';
});

describe('sendClickHit', () => {
  it('sends the four fields by beacon to click/{cachebreak} under the REST root', () => {
    const sendBeacon = vi.fn((_url: string, _data: FormData) => true);
    const fetch = vi.fn();
    expect(sendClickHit(hit, 3, '/wp-json/', { sendBeacon, fetch })).toBe('beacon');
    expect(sendBeacon.mock.calls[0]![0]).toBe(`${location.origin}/wp-json/track-the-click/v3/click/3`);
    expect(fields(sendBeacon.mock.calls[0]![1])).toEqual({ postID: '7', location: 'http://site.test/', anchor: 'Partner', target: 'https://partner.example/' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['refuses', { sendBeacon: () => false }],
    ['throws', { sendBeacon: () => { throw new TypeError('Illegal invocation'); } }],
    ['is missing', {}],
  ])('uses a keepalive fetch when the beacon %s, and a failed fetch stays silent', async (_case, transport) => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(sendClickHit(hit, 1, '/wp-json/', { ...transport, fetch })).toBe('fetch');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${location.origin}/wp-json/track-the-click/v3/click/1`);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const body = init?.body;
    if (!(body instanceof FormData)) throw new Error('the fetch carried no form data');
    expect(fields(body)).toMatchObject({ postID: '7', anchor: 'Partner' });
    await Promise.resolve();
  });
});

describe('fetchLinkCounts', () => {
  function server(answer: unknown, status = 200) {
    const requests: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      if (request.url.includes('/nonce/')) return Response.json({ action: 'wp_rest', nonce: 'n0nce' });
      return Response.json(answer, { status });
    });
    return { fetch: fetch as typeof globalThis.fetch, requests };
  }

  it('asks for a wp_rest nonce, then posts postID and location with X-WP-Nonce', async () => {
    const { fetch, requests } = server([{ target: 'https://partner.example/', anchor: 'Partner', clicks: '4' }]);
    await expect(fetchLinkCounts({ postId: 7, location: 'http://site.test/', cachebreak: 2, fetch })).resolves.toEqual([{ target: 'https://partner.example/', anchor: 'Partner', clicks: 4 }]);
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /wp-json/site/v1/nonce/wp_rest',
      'POST /wp-json/track-the-click/v3/getpagelinkclicks/2',
    ]);
    expect(requests[1]!.headers.get('x-wp-nonce')).toBe('n0nce');
    expect(fields(await requests[1]!.formData())).toEqual({ postID: '7', location: 'http://site.test/' });
  });

  it('passes on false (counts off) and rejects an answer of another shape or an error status', async () => {
    await expect(fetchLinkCounts({ postId: 0, location: 'http://site.test/', cachebreak: 1, fetch: server(false).fetch })).resolves.toBe(false);
    await expect(fetchLinkCounts({ postId: 0, location: 'http://site.test/', cachebreak: 1, fetch: server([{ target: 1 }]).fetch })).rejects.toThrow(/Unexpected click counts answer/);
    await expect(fetchLinkCounts({ postId: 0, location: 'http://site.test/', cachebreak: 1, fetch: server({ code: 'rest_cookie_invalid_nonce' }, 403).fetch })).rejects.toThrow(/403/);
  });

  it('answers null when the server has no live console session for this browser (the tab\'s mark is stale)', async () => {
    const refused = server({ code: 'ttc_console_session_required', message: 'Click counts are shown to people signed in to the console only.', data: { status: 403 } }, 403);
    await expect(fetchLinkCounts({ postId: 0, location: 'http://site.test/', cachebreak: 1, fetch: refused.fetch })).resolves.toBeNull();
  });
});

describe('markLinkCounts', () => {
  it('marks links whose URL and anchor match a count above 0, with the count in words as title', () => {
    document.body.innerHTML = `
      <a id="a" href="https://partner.example/">Partner</a>
      <a id="b" href="https://partner.example/">Partner site</a>
      <a id="c" href="/#faq" title="Questions we hear">FAQ</a>
      <a id="d" href="/#zero">Zero</a>
      <a id="e" class="no-ttc" href="https://partner.example/">Partner</a>`;
    const marked = markLinkCounts(document, [
      { target: 'https://partner.example/', anchor: 'Partner', clicks: 1 },
      { target: `${location.origin}/#faq`, anchor: 'FAQ', clicks: 1200 },
      { target: `${location.origin}/#zero`, anchor: 'Zero', clicks: 0 },
    ]);
    expect(marked).toBe(2);
    const element = (id: string) => document.getElementById(id)!;
    expect(element('a').dataset.clicks).toBe('1');
    expect(element('a').title).toBe('Followed 1 time');
    expect(element('b').hasAttribute('data-clicks')).toBe(false);
    // A link's own title stays.
    expect(element('c').dataset.clicks).toBe('1200');
    expect(element('c').title).toBe('Questions we hear');
    expect(element('d').hasAttribute('data-clicks')).toBe(false);
    expect(element('e').hasAttribute('data-clicks')).toBe(false);
  });
});
