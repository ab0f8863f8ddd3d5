import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { httpErrors, restErrorBody } from '../http/rest-error.ts';
import { nonceBindingOf } from './nonce-cookie.ts';

export type NonceSource = 'header' | 'body';

/** Where WordPress looks by default: the `X-WP-Nonce` header, or the `_wpnonce` field. */
const DEFAULT_NAMES: Record<NonceSource, string> = { header: 'x-wp-nonce', body: '_wpnonce' };

/** The answer WordPress gives a REST request with a missing or stale nonce. */
export const INVALID_NONCE_BODY = restErrorBody(403, 'rest_cookie_invalid_nonce', 'Cookie check failed');

/**
 * A preHandler that lets the request through only with a valid nonce for `action`, read
 * from a header or a body field (`name` overrides the WordPress default, e.g. `security`
 * for the newsletter form). Body fields may be plain values or @fastify/multipart fields
 * attached to the body (`{ value }`). Use it as `preHandler: requireNonce('contact')`.
 */
export function requireNonce(action: string, from: NonceSource = 'header', name?: string): preHandlerAsyncHookHandler {
  const key = (name ?? DEFAULT_NAMES[from]).toLowerCase();
  return async function checkNonce(request: FastifyRequest) {
    const nonce = from === 'header' ? headerValue(request, key) : bodyValue(request, name ?? DEFAULT_NAMES.body);
    if (nonce === undefined || request.server.nonces.verify(nonce, action, nonceBindingOf(request)) === false) {
      throw httpErrors.forbidden(INVALID_NONCE_BODY.code, INVALID_NONCE_BODY.message);
    }
  };
}

function headerValue(request: FastifyRequest, key: string): string | undefined {
  const value = request.headers[key];
  return typeof value === 'string' ? value : undefined;
}

function bodyValue(request: FastifyRequest, field: string): string | undefined {
  const body = request.body;
  if (body === null || typeof body !== 'object') return undefined;
  const value: unknown = (body as Record<string, unknown>)[field];
  if (typeof value === 'string') return value;
  // A multipart field attached to the body by @fastify/multipart.
  if (value !== null && typeof value === 'object' && 'value' in value && typeof value.value === 'string') {
    return value.value;
  }
  return undefined;
}
