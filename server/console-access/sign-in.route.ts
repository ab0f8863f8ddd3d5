import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { CONSOLE_ACCESS_ERROR, CONSOLE_ACCESS_ROUTE, SignInVerifyBodyStruct, type SignedInAnswer, type SignInVerifyBody } from '../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_REFUSAL, EmptyBodyStruct } from '../../src/validation/console/console-api.ts';
import { recordAudit, type AuditActor } from '../console/console-audit.ts';
import { consoleBody } from '../console/console-body.ts';
import { auditActorOf, consoleRoute, signedIn } from '../console/console-guard.ts';
import { markSignedIn } from '../console/console-sessions.ts';
import type { ConsoleChallengePurpose } from '../db/types.ts';
import { RestError } from '../http/rest-error.ts';
import { finishAuthentication, passkeyOf, relyingParty, startAuthentication, startSignInAgain, takeChallenge, type KnownPasskey, type RelyingParty } from './ceremonies.ts';
import { ACCOUNT_FAILURE_LIMIT, recentFailures } from './console-people.ts';
import { startSession } from './start-session.ts';

/*
 * Signing in with a passkey (README.md, "The console"): options, then the authenticator's
 * answer. The ceremonies (and enrolment's) are limited per address (CONSOLE_SIGN_IN_RATE_LIMIT,
 * counted in the database store when the cluster shares it) and per person: after
 * ACCOUNT_FAILURE_LIMIT failed sign-ins in 15 minutes that person's next attempts are refused
 * for the rest of the window. Every failure is audited, with the person when the passkey is known.
 *
 * Signing in again inside a session is the same ceremony with that person's own passkeys
 * named (any other is refused as unknown): it records the sign-in on the session
 * (console_sessions.signed_in_at), which adding a passkey asks of the last five minutes.
 */

/**
 * Verifies a sign-in answer and audits it: the passkey must be known, not revoked, of `personId`
 * when one is given, its person not locked out by failures; the ceremony is spent either way.
 */
async function verifySignIn(
  request: FastifyRequest,
  rp: RelyingParty,
  body: SignInVerifyBody,
  { purpose, personId }: { purpose: ConsoleChallengePurpose; personId: number | null },
): Promise<KnownPasskey> {
  const app = request.server;
  const now = app.clock();
  const known = await passkeyOf(app.db, body.response.id);
  // Signing in again takes only the session's own person's passkeys.
  const passkey = known !== null && personId !== null && known.personId !== personId ? null : known;
  // Who: the passkey's person; signing in again, the session's person whatever passkey answered.
  const anonymous = auditActorOf(request, null);
  const actor: AuditActor = personId !== null ? auditActorOf(request) : passkey === null ? anonymous : { ...anonymous, personId: passkey.personId, actor: passkey.email };
  const fail = async (error: RestError, reason: string): Promise<never> => {
    const subject = personId !== null ? actor.actor : (passkey?.email ?? body.response.id.slice(0, 200));
    await recordAudit(app.db, actor, { action: 'sign-in-failed', subject, detail: { reason, ...(personId === null ? {} : { again: true }) }, now });
    throw error;
  };
  if (passkey === null || passkey.revoked) {
    // The ceremony is spent all the same.
    await takeChallenge(app.db, body.ceremony, purpose, personId, now).catch(() => undefined);
    const reason = passkey === null ? (known === null ? 'unknown passkey' : 'another person’s passkey') : 'revoked';
    return fail(new RestError(400, CONSOLE_ACCESS_ERROR.passkeyUnknown, personId === null ? 'This site does not know that passkey.' : 'That passkey is not one of yours.'), reason);
  }
  if ((await recentFailures(app.db, passkey.personId, now)) >= ACCOUNT_FAILURE_LIMIT) {
    await takeChallenge(app.db, body.ceremony, purpose, personId, now).catch(() => undefined);
    return fail(new RestError(429, CONSOLE_REFUSAL.rateLimited, 'Too many failed sign-ins for this account. Please try again in 15 minutes.', { retry_after: 15 * 60 }), 'rate limited');
  }
  try {
    const challenge = await takeChallenge(app.db, body.ceremony, purpose, personId, now);
    await finishAuthentication(app.db, rp, { challenge, response: body.response, passkeyId: passkey.id, now });
  } catch (error) {
    if (error instanceof RestError) return fail(error, error.code);
    throw error;
  }
  await recordAudit(app.db, actor, { action: 'sign-in', subject: passkey.email, detail: { passkey: passkey.id, ...(personId === null ? {} : { again: true }) }, now });
  return passkey;
}

export default async function signInRoutes(app: FastifyInstance, { limited }: { limited: FastifyContextConfig }): Promise<void> {
  const rp = relyingParty(app.config.siteUrl);

  app.post(CONSOLE_ACCESS_ROUTE.signInOptions, { ...consoleRoute(null), config: limited }, async (request) => {
    consoleBody(request, EmptyBodyStruct);
    return startAuthentication(app.db, rp, app.clock());
  });

  app.post(CONSOLE_ACCESS_ROUTE.signInVerify, { ...consoleRoute(null), config: limited }, async (request, reply): Promise<SignedInAnswer> => {
    const body = consoleBody(request, SignInVerifyBodyStruct);
    const passkey = await verifySignIn(request, rp, body, { purpose: 'sign-in', personId: null });
    await startSession(request, reply, passkey.personId);
    const person = await app.db.selectFrom('console_people').select(['id', 'email', 'role']).where('id', '=', passkey.personId).executeTakeFirstOrThrow();
    return { person };
  });

  app.post(CONSOLE_ACCESS_ROUTE.signInAgainOptions, { ...consoleRoute('staff'), config: limited }, async (request) => {
    consoleBody(request, EmptyBodyStruct);
    return startSignInAgain(app.db, rp, signedIn(request).person.id, app.clock());
  });

  app.post(CONSOLE_ACCESS_ROUTE.signInAgainVerify, { ...consoleRoute('staff'), config: limited }, async (request): Promise<SignedInAnswer> => {
    const body = consoleBody(request, SignInVerifyBodyStruct);
    const session = signedIn(request);
    await verifySignIn(request, rp, body, { purpose: 'sign-in-again', personId: session.person.id });
    await markSignedIn(app.db, session.idHash, app.clock());
    return { person: session.person };
  });
}
