import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteUrlOf } from '../http/site-url.ts';
import { NONCE_LIFETIME_SECONDS } from './nonce.ts';

/*
 * The visitor's half of a nonce (README.md, "Abuse paths and the limits that stop them"): the
 * public nonce route sets this HttpOnly, SameSite=Lax cookie holding a random value, and makes
 * the nonce over it (nonce-service.ts); a nonce is valid only when the same cookie comes back
 * with it, so a nonce fetched by one browser is useless in another. A visitor who already has
 * the cookie keeps it, so every nonce of one page pairs with the same cookie. It lives as long
 * as the longest-lived nonce made with it.
 */

export const NONCE_COOKIE = 'site_nonce_key';

/** 16 random bytes, base64url. */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{22}$/;

/** The request's nonce cookie, when it has a well-formed one. */
export function nonceBindingOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[NONCE_COOKIE];
  return value !== undefined && COOKIE_VALUE.test(value) ? value : undefined;
}

/** The visitor's cookie value (a new one when they have none), set again on the reply. */
export function issueNonceCookie(request: FastifyRequest, reply: FastifyReply): string {
  const value = nonceBindingOf(request) ?? randomBytes(16).toString('base64url');
  const site = siteUrlOf(request.server);
  reply.setCookie(NONCE_COOKIE, value, {
    path: `${site.pathname.replace(/\/+$/, '')}/`,
    httpOnly: true,
    sameSite: 'lax',
    secure: site.protocol === 'https:',
    maxAge: NONCE_LIFETIME_SECONDS,
  });
  return value;
}
