import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { CONSOLE_ACCESS_ROUTE, type RegistrationCeremony, type SignInCeremony } from '../../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { COMMAND_LINE_ACTOR } from '../../../server/console/console-audit.ts';
import { invitePerson } from '../../../server/console-access/console-people.ts';
import type { ConsoleRole } from '../../../server/db/types.ts';
import { consoleHeaders } from '../helpers/console-people.ts';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from '../helpers/software-authenticator.ts';

/*
 * What the console-access tests share: a site at http://localhost:8080 (WebAuthn refuses IP
 * addresses as relying party ids), requests as the console's own pages make them, and a person
 * enrolled with a software passkey the way the console does it.
 */

export const SITE = 'http://localhost:8080';
export const SITE_ENV = { SITE_URL: SITE, CONSOLE_SIGN_IN_RATE_LIMIT: 'off' };

export function api(path: string, params: Record<string, string | number> = {}): string {
  return CONSOLE_API + path.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
}

export async function post(app: FastifyInstance, url: string, body: unknown, cookie?: string) {
  return app.inject({ method: 'POST', url, headers: { ...consoleHeaders(app, cookie), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

export async function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: consoleHeaders(app, cookie) });
}

/** The session Cookie header an answer set. */
export function cookieOf(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((c) => c.name === 'console_session');
  if (cookie === undefined) throw new Error('no session cookie set');
  return `${cookie.name}=${cookie.value}`;
}

export function tokenOf(link: string): string {
  return link.slice(link.indexOf('#/enrol/') + '#/enrol/'.length);
}

export async function invite(app: FastifyInstance, email: string, role: ConsoleRole = 'owner'): Promise<string> {
  const invitation = await invitePerson(app.db, { email, role, by: COMMAND_LINE_ACTOR, now: app.clock(), siteUrl: app.config.siteUrl, mail: false, revealRecovery: true });
  if (invitation.link === null) throw new Error('the command line is shown every link');
  return tokenOf(invitation.link);
}

/** The enrolment link's three requests, as the console's enrolment page makes them: the token in the body. */
export const enrolment = {
  /** What the link is for. */
  read: (app: FastifyInstance, token: string) => post(app, api(CONSOLE_ACCESS_ROUTE.enrolment), { token }),
  /** Options to register a passkey for it. */
  options: (app: FastifyInstance, token: string) => post(app, api(CONSOLE_ACCESS_ROUTE.enrolmentOptions), { token }),
  /** The authenticator's answer: registers the passkey, spends the link, signs in. */
  verify: (app: FastifyInstance, token: string, body: { ceremony: string; response: unknown; name?: string }) => post(app, api(CONSOLE_ACCESS_ROUTE.enrolmentVerify), { token, ...body }),
};

export interface Enrolled {
  authenticator: SoftwareAuthenticator;
  cookie: string;
  personId: number;
}

/** Invites, registers a software passkey through the enrolment routes, and is signed in. */
export async function enrol(app: FastifyInstance, email: string, role: ConsoleRole = 'owner'): Promise<Enrolled> {
  const token = await invite(app, email, role);
  const authenticator = createSoftwareAuthenticator({ origin: SITE, rpId: 'localhost' });
  const options = await enrolment.options(app, token);
  expect(options.statusCode).toBe(200);
  const ceremony = options.json() as RegistrationCeremony;
  const verify = await enrolment.verify(app, token, { ceremony: ceremony.ceremony, response: authenticator.register(ceremony.options), name: 'Laptop' });
  expect(verify.statusCode, verify.body).toBe(200);
  return { authenticator, cookie: cookieOf(verify), personId: verify.json().person.id };
}

export async function signInOptions(app: FastifyInstance): Promise<SignInCeremony> {
  const response = await post(app, api(CONSOLE_ACCESS_ROUTE.signInOptions), {});
  expect(response.statusCode).toBe(200);
  return response.json() as SignInCeremony;
}
