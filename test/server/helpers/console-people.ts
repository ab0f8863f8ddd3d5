import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { createSession, sessionCookie, SESSION_IDLE_MS } from '../../../server/console/console-sessions.ts';
import type { ConsoleRole, Database } from '../../../server/db/types.ts';

/*
 * Console people and sessions made directly in the database, for server tests of console
 * routes (the passkey ceremonies have their own tests), and the refusals every console route
 * must answer (README.md, "The console"), checked the same way for each route.
 */

export interface TestPerson {
  id: number;
  email: string;
  role: ConsoleRole;
  /** The Cookie header of a live session of this person. */
  cookie: string;
}

export async function addPerson(app: FastifyInstance, { email, role }: { email: string; role: ConsoleRole }): Promise<TestPerson> {
  const db: Kysely<Database> = app.db;
  const at = new Date(app.clock()).toISOString();
  const row = await db
    .insertInto('console_people')
    .values({ email, role, user_handle: randomBytes(16).toString('base64url'), created_at: at, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, role, cookie: await sessionCookieFor(app, row.id) };
}

export async function sessionCookieFor(app: FastifyInstance, personId: number, now = app.clock()): Promise<string> {
  const session = await createSession(app.db, personId, { now, userAgent: 'test' });
  return `${sessionCookie(app.config.siteUrl).name}=${session.id}`;
}

/** The headers a console page's own request carries. */
export function consoleHeaders(app: FastifyInstance, cookie?: string): Record<string, string> {
  return { origin: new URL(app.config.siteUrl).origin, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) };
}

export interface ConsoleRouteCase {
  method: 'GET' | 'POST';
  url: string;
  /** The least role the route takes. */
  role: ConsoleRole;
  /** A valid JSON body for POSTs. */
  body?: unknown;
}

/**
 * Checks a console route's refusals, each on its own: without a session 401, with an expired
 * or revoked person's session 401, with too small a role 403, from another origin 403, and
 * (POST) a body that is not JSON 415. `owner` and `staff` are people of those roles.
 */
export async function expectConsoleRefusals(
  app: FastifyInstance,
  route: ConsoleRouteCase,
  people: { owner: TestPerson; staff: TestPerson },
): Promise<void> {
  const person = route.role === 'owner' ? people.owner : people.staff;
  const send = (headers: Record<string, string>, payload: InjectOptions['payload'] = route.body === undefined ? undefined : JSON.stringify(route.body), type = 'application/json') =>
    app.inject({
      method: route.method,
      url: route.url,
      headers: { ...headers, ...(route.method === 'POST' ? { 'content-type': type } : {}) },
      ...(route.method === 'POST' ? { payload: payload ?? '{}' } : {}),
    });
  const codeOf = (response: { json(): unknown }) => (response.json() as { code: string }).code;

  const anonymous = await send(consoleHeaders(app));
  expect(anonymous.statusCode, `${route.method} ${route.url} without a session`).toBe(401);
  expect(codeOf(anonymous)).toBe(CONSOLE_REFUSAL.sessionRequired);

  const forged = await send(consoleHeaders(app, `${sessionCookie(app.config.siteUrl).name}=${randomBytes(32).toString('base64url')}`));
  expect(forged.statusCode, `${route.method} ${route.url} with a session id the server never made`).toBe(401);

  const idle = await sessionCookieFor(app, person.id, app.clock() - SESSION_IDLE_MS - 1000);
  const expired = await send(consoleHeaders(app, idle));
  expect(expired.statusCode, `${route.method} ${route.url} with an idle session`).toBe(401);
  expect(codeOf(expired)).toBe(CONSOLE_REFUSAL.sessionExpired);

  const foreign = await send({ ...consoleHeaders(app, person.cookie), origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' });
  expect(foreign.statusCode, `${route.method} ${route.url} from another origin`).toBe(403);
  expect(codeOf(foreign)).toBe(CONSOLE_REFUSAL.crossOrigin);

  if (route.method === 'POST') {
    const noOrigin = await send({ cookie: person.cookie });
    expect(noOrigin.statusCode, `${route.method} ${route.url} without an Origin header`).toBe(403);
    const form = await send(consoleHeaders(app, person.cookie), 'a=1', 'application/x-www-form-urlencoded');
    expect(form.statusCode, `${route.method} ${route.url} as a form post`).toBe(415);
    expect(codeOf(form)).toBe(CONSOLE_REFUSAL.notJson);
  }

  if (route.role === 'owner') {
    const staff = await send(consoleHeaders(app, people.staff.cookie));
    expect(staff.statusCode, `${route.method} ${route.url} as staff`).toBe(403);
    expect(codeOf(staff)).toBe(CONSOLE_REFUSAL.wrongRole);
  }

  // A revoked person's session is over at once (last: it revokes a throwaway person of the role).
  const throwaway = await addPerson(app, { email: `revoked-${randomBytes(4).toString('hex')}@example.co.za`, role: route.role });
  await app.db.updateTable('console_people').set({ revoked_at: new Date(app.clock()).toISOString() }).where('id', '=', throwaway.id).execute();
  const revoked = await send(consoleHeaders(app, throwaway.cookie));
  expect(revoked.statusCode, `${route.method} ${route.url} with a revoked person's session`).toBe(401);
}
