import type { FastifyInstance } from 'fastify';
import { consoleHeaders, type TestPerson } from './console-people.ts';

/**
 * The browser's fetch for the console's clients, served by the app through `inject` as
 * `person` (their session cookie, the site's origin): the clients' contract tests run the real
 * browser clients against the real routes.
 */
export function injectingFetch(app: FastifyInstance, person: TestPerson): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // Bytes, not text: an upload's file is binary.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = { ...consoleHeaders(app, person.cookie) };
    request.headers.forEach((value, name) => (headers[name] = value));
    const response = await app.inject({ method: request.method as 'GET' | 'POST', url: `${url.pathname}${url.search}`, headers, ...(body === undefined ? {} : { payload: body }) });
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers: response.headers as Record<string, string> });
  };
}
