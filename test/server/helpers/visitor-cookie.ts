import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/*
 * One browser's cookie per app: the nonce route's cookie, which a nonce pairs with
 * (server/security/nonce-cookie.ts). fetchNonce keeps it; requests made with visitorCookie or
 * injectAsVisitor send it back, as the browser that fetched the nonce does.
 */

const cookieJars = new WeakMap<FastifyInstance, string>();

/** The cookie header a browser would send to `app` now: the nonce route's pair, once it set one. */
export function visitorCookie(app: FastifyInstance): Record<string, string> {
  const cookie = cookieJars.get(app);
  return cookie === undefined ? {} : { cookie };
}

/** A fresh nonce for `action`, as the page fetches it; the cookie that came with it is kept. */
export async function fetchNonce(app: FastifyInstance, action: string): Promise<string> {
  const response = await app.inject({ url: `/wp-json/site/v1/nonce/${action}`, headers: visitorCookie(app) });
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (first !== undefined) cookieJars.set(app, first.split(';')[0] ?? '');
  return response.json<{ nonce: string }>().nonce;
}

/** app.inject with the visitor's cookie (a `cookie` header of the caller's wins). */
export function injectAsVisitor(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...visitorCookie(app), ...options.headers } });
}

/** A fetch that sends `app`'s visitor cookie and keeps the one the nonce route sets, as a browser's does. */
export function fetchAsVisitor(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const cookie = visitorCookie(app).cookie;
    if (cookie !== undefined && !request.headers.has('cookie')) request.headers.set('cookie', cookie);
    const response = await fetch(request);
    const setCookie = response.headers.getSetCookie()[0];
    if (setCookie !== undefined) cookieJars.set(app, setCookie.split(';')[0] ?? '');
    return response;
  };
}
