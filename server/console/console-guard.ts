import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { CONSOLE_API, CONSOLE_PATH, CONSOLE_REFUSAL } from '../../src/validation/console/console-api.ts';
import type { ConsoleRole } from '../db/types.ts';
import { addressNetwork } from '../http/rate-limit.ts';
import { RestError } from '../http/rest-error.ts';
import { siteOriginOf } from '../http/site-url.ts';
import type { AuditActor } from './console-audit.ts';
import { findSession, sessionCookie, type ActiveSession } from './console-sessions.ts';

/*
 * The checks every console route makes, in this order (README.md, "The console"):
 *  1. origin: a request another origin's page made is refused (403 console_cross_origin). A
 *     state-changing request must name SITE_URL's origin in `Origin`; a GET may come without
 *     one (a link, a download) but not from another site (`Sec-Fetch-Site`);
 *  2. session: a live session cookie (401 console_session_required / console_session_expired);
 *  3. role: owner may do everything, staff what the route allows (403 console_forbidden_role);
 *  4. body: a state-changing request carries JSON (415 console_json_required), or, for a route
 *     declared `{ body: 'multipart' }` (an upload), multipart/form-data (415 console_multipart_required).
 * Routes use `consoleRoute(app, role)` in their options; `role: null` is a route for people
 * not yet signed in (the passkey ceremonies), which still checks origin and body.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session of the request, set by consoleRoute's checks (null before them). */
    consoleSession: ActiveSession | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Who may do what: an owner everything a staff member may, and more. */
export function roleAllows(have: ConsoleRole, need: ConsoleRole): boolean {
  return have === 'owner' || need === 'staff';
}

function refusal(status: number, code: string, message: string): RestError {
  return new RestError(status, code, message);
}

export function isForeignOrigin(siteOrigin: string, request: Pick<FastifyRequest, 'headers' | 'method'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return !SAFE_METHODS.has(request.method);
  try {
    return new URL(origin).origin !== siteOrigin;
  } catch {
    return true;
  }
}

function checkOrigin(request: FastifyRequest): void {
  if (isForeignOrigin(siteOriginOf(request.server), request)) {
    throw refusal(403, CONSOLE_REFUSAL.crossOrigin, 'The console takes requests from its own pages only.');
  }
}

/** What a console route's state-changing requests carry. */
export type ConsoleBody = 'json' | 'multipart';

function checkBodyType(request: FastifyRequest, body: ConsoleBody): void {
  if (SAFE_METHODS.has(request.method)) return;
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (body === 'multipart') {
    if (type !== 'multipart/form-data') throw refusal(415, CONSOLE_REFUSAL.notMultipart, 'Send this request as a form with its file (Content-Type: multipart/form-data).');
    return;
  }
  if (type !== 'application/json') throw refusal(415, CONSOLE_REFUSAL.notJson, 'Send this request as JSON (Content-Type: application/json).');
}

/** The session cookie's value, if any. */
export function sessionCookieValue(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookie(request.server.config.siteUrl).name];
}

/** The live console session a request carries, if any (routes outside the console that serve signed-in people only). */
export async function activeConsoleSession(request: FastifyRequest): Promise<ActiveSession | null> {
  const id = sessionCookieValue(request);
  if (id === undefined) return null;
  const found = await findSession(request.server.db, id, request.server.clock());
  return found.status === 'active' ? found : null;
}

async function checkSession(request: FastifyRequest, role: ConsoleRole): Promise<void> {
  const id = sessionCookieValue(request);
  if (id === undefined) throw refusal(401, CONSOLE_REFUSAL.sessionRequired, 'Sign in to use the console.');
  const found = await findSession(request.server.db, id, request.server.clock());
  if (found.status === 'expired') throw refusal(401, CONSOLE_REFUSAL.sessionExpired, 'Your session has ended. Sign in again.');
  if (found.status === 'unknown') throw refusal(401, CONSOLE_REFUSAL.sessionRequired, 'Sign in to use the console.');
  if (!roleAllows(found.person.role, role)) throw refusal(403, CONSOLE_REFUSAL.wrongRole, 'Your role does not allow this.');
  request.consoleSession = found;
}

/** The route options of a console route: `app.post(path, consoleRoute('owner'), handler)`. */
export function consoleRoute(role: ConsoleRole | null, { body = 'json' }: { body?: ConsoleBody } = {}): { onRequest: onRequestAsyncHookHandler } {
  return {
    onRequest: async function consoleChecks(request) {
      checkOrigin(request);
      if (role !== null) await checkSession(request, role);
      checkBodyType(request, body);
    },
  };
}

/** The signed-in session of a route declared with a role (its checks have run). */
export function signedIn(request: FastifyRequest): ActiveSession {
  if (request.consoleSession === null) throw new Error('consoleRoute(role) must guard this route');
  return request.consoleSession;
}

/** The audit log's "who" for a request. */
export function auditActorOf(request: FastifyRequest, session: ActiveSession | null = request.consoleSession): AuditActor {
  return {
    personId: session?.person.id ?? null,
    actor: session?.person.email ?? 'unknown',
    ipHash: request.ip === '' ? null : request.server.secrets.hashAddress('remote_ip', addressNetwork(request.ip)),
  };
}

/**
 * The paths a request answers for: the route it matched, and its path as the router read it
 * (percent-decoded, repeated slashes as one). A console header follows either, so `/%61dmin/`
 * or `/admin/%61pi/people` get the answers `/admin/api/people` gets (README.md, "Abuse paths").
 */
function answeredPaths(request: FastifyRequest): string[] {
  const path = request.url.split('?', 1)[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: the router answered it as it is.
  }
  const paths = [decoded.replace(/\/{2,}/g, '/')];
  const matched = request.routeOptions.url;
  if (matched !== undefined) paths.push(matched);
  return paths;
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`);
}

/**
 * Decorates requests with `consoleSession` and marks every console answer: nothing under
 * /admin/ is indexed (X-Robots-Tag), nothing of its API is cached (Cache-Control: no-store).
 */
export default fp(
  async function consoleGuard(app: FastifyInstance) {
    app.decorateRequest('consoleSession', null);
    const consoleBase = CONSOLE_PATH.slice(0, -1);
    app.addHook('onSend', async (request, reply) => {
      const paths = answeredPaths(request);
      if (paths.some((path) => isUnder(path, consoleBase))) reply.header('x-robots-tag', 'noindex, nofollow');
      if (paths.some((path) => isUnder(path, CONSOLE_API))) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'console-guard' },
);
