import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { CONSOLE_ACCESS_ERROR, CONSOLE_ACCESS_ROUTE, SignInVerifyBodyStruct, type SignedInAnswer } from '../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_REFUSAL, EmptyBodyStruct } from '../../src/validation/console/console-api.ts';
import { recordAudit, type AuditActor } from '../console/console-audit.ts';
import { consoleBody } from '../console/console-body.ts';
import { auditActorOf, consoleRoute } from '../console/console-guard.ts';
import { RestError } from '../http/rest-error.ts';
import { finishAuthentication, passkeyOf, relyingParty, startAuthentication, takeChallenge } from './ceremonies.ts';
import { ACCOUNT_FAILURE_LIMIT, recentFailures } from './console-people.ts';
import { startSession } from './start-session.ts';

/*
 * Signing in with a passkey (README.md, "The console"): options, then the authenticator's
 * answer. The ceremonies (and enrolment's) are limited per address (CONSOLE_SIGN_IN_RATE_LIMIT,
 * counted in the database store when the cluster shares it) and per person: after
 * ACCOUNT_FAILURE_LIMIT failed sign-ins in 15 minutes that person's next attempts are refused
 * for the rest of the window. Every failure is audited, with the person when the passkey is known.
 */

export default async function signInRoutes(app: FastifyInstance, { limited }: { limited: FastifyContextConfig }): Promise<void> {
  const rp = relyingParty(app.config.siteUrl);

  app.post(CONSOLE_ACCESS_ROUTE.signInOptions, { ...consoleRoute(null), config: limited }, async (request) => {
    consoleBody(request, EmptyBodyStruct);
    return startAuthentication(app.db, rp, app.clock());
  });

  app.post(CONSOLE_ACCESS_ROUTE.signInVerify, { ...consoleRoute(null), config: limited }, async (request, reply): Promise<SignedInAnswer> => {
    const body = consoleBody(request, SignInVerifyBodyStruct);
    const now = app.clock();
    const passkey = await passkeyOf(app.db, body.response.id);
    const anonymous = auditActorOf(request, null);
    const actor: AuditActor = passkey === null ? anonymous : { ...anonymous, personId: passkey.personId, actor: passkey.email };
    const fail = async (error: RestError, reason: string): Promise<never> => {
      await recordAudit(app.db, actor, { action: 'sign-in-failed', subject: passkey?.email ?? body.response.id.slice(0, 200), detail: { reason }, now });
      throw error;
    };
    if (passkey === null || passkey.revoked) {
      // The ceremony is spent all the same.
      await takeChallenge(app.db, body.ceremony, 'sign-in', null, now).catch(() => undefined);
      return fail(new RestError(400, CONSOLE_ACCESS_ERROR.passkeyUnknown, 'This site does not know that passkey.'), passkey === null ? 'unknown passkey' : 'revoked');
    }
    if ((await recentFailures(app.db, passkey.personId, now)) >= ACCOUNT_FAILURE_LIMIT) {
      await takeChallenge(app.db, body.ceremony, 'sign-in', null, now).catch(() => undefined);
      return fail(new RestError(429, CONSOLE_REFUSAL.rateLimited, 'Too many failed sign-ins for this account. Please try again in 15 minutes.', { retry_after: 15 * 60 }), 'rate limited');
    }
    try {
      const challenge = await takeChallenge(app.db, body.ceremony, 'sign-in', null, now);
      await finishAuthentication(app.db, rp, { challenge, response: body.response, passkeyId: passkey.id, now });
    } catch (error) {
      if (error instanceof RestError) return fail(error, error.code);
      throw error;
    }
    await startSession(request, reply, passkey.personId);
    await recordAudit(app.db, actor, { action: 'sign-in', subject: passkey.email, detail: { passkey: passkey.id }, now });
    const person = await app.db.selectFrom('console_people').select(['id', 'email', 'role']).where('id', '=', passkey.personId).executeTakeFirstOrThrow();
    return { person };
  });
}
