import type { FastifyInstance } from 'fastify';
import { consoleHeaders, type TestPerson } from './console-people.ts';

/**
 * A browser fetch served by the app through `inject`, signed in as `person`: the console's
 * browser clients (src/services/) run against the real routes in the clients' contract tests.
 */
export function injectingFetch(app: FastifyInstance, person: TestPerson): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const headers: Record<string, string> = { ...consoleHeaders(app, person.cookie) };
    request.headers.forEach((value, name) => (headers[name] = value));
    const response = await app.inject({ method: request.method as 'GET' | 'POST', url: `${url.pathname}${url.search}`, headers, ...(body === undefined ? {} : { payload: body }) });
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers: response.headers as Record<string, string> });
  };
}
