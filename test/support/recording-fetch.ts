// A fetch stand-in for the HTTP clients' unit tests: it answers every request with `answer`
// and keeps a copy of each request (method, URL, headers, body) for the test to read.
import { vi } from 'vitest';

export function recordingFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return answer(request);
  });
  return { fetch: fetch as typeof globalThis.fetch & typeof fetch, requests };
}

/** A JSON answer, as the site's server sends it. */
export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
