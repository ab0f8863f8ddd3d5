import type { FastifyInstance } from 'fastify';
import { CONSOLE_ACCESS_ERROR, CONSOLE_ACCESS_ROUTE, PasskeyVerifyBodyStruct, type Passkey } from '../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_REFUSAL, EmptyBodyStruct, type OkAnswer } from '../../src/validation/console/console-api.ts';
import { recordAudit } from '../console/console-audit.ts';
import { consoleBody, idParam } from '../console/console-body.ts';
import { auditActorOf, consoleRoute, signedIn } from '../console/console-guard.ts';
import { RECENT_SIGN_IN_MS, signedInWithin, type ActiveSession } from '../console/console-sessions.ts';
import { RestError } from '../http/rest-error.ts';
import { CEREMONY_MS, finishRegistration, relyingParty, startRegistration, takeChallenge } from './ceremonies.ts';

/**
 * Adding a passkey is a lasting way into the account, so a live session is not enough: the
 * session must hold a passkey sign-in from the last RECENT_SIGN_IN_MS (its start, or a sign-in
 * again: sign-in.route.ts), or the console is told to ask for one (README.md, "The console").
 */
function requireRecentSignIn(session: ActiveSession, now: number, withinMs: number): void {
  if (!signedInWithin(session, now, withinMs)) {
    throw new RestError(403, CONSOLE_ACCESS_ERROR.recentSignInRequired, 'To add a passkey, sign in again with a passkey you already have: adding one needs a sign-in from the last 5 minutes.');
  }
}

/** One's own passkeys: list, add (after a passkey sign-in in the last 5 minutes), remove (never the last). */
export default async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const rp = relyingParty(app.config.siteUrl);

  app.get(CONSOLE_ACCESS_ROUTE.passkeys, consoleRoute('staff'), async (request): Promise<{ passkeys: Passkey[] }> => {
    const rows = await app.db
      .selectFrom('console_passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('person_id', '=', signedIn(request).person.id)
      .orderBy('id')
      .execute();
    return { passkeys: rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at })) };
  });

  app.post(CONSOLE_ACCESS_ROUTE.passkeyOptions, consoleRoute('staff'), async (request) => {
    consoleBody(request, EmptyBodyStruct);
    const session = signedIn(request);
    const { person } = session;
    requireRecentSignIn(session, app.clock(), RECENT_SIGN_IN_MS);
    const { user_handle: userHandle } = await app.db.selectFrom('console_people').select('user_handle').where('id', '=', person.id).executeTakeFirstOrThrow();
    return startRegistration(app.db, rp, { id: person.id, email: person.email, userHandle }, 'add-passkey', app.clock());
  });

  app.post(CONSOLE_ACCESS_ROUTE.passkeyVerify, consoleRoute('staff'), async (request): Promise<OkAnswer> => {
    const body = consoleBody(request, PasskeyVerifyBodyStruct);
    const session = signedIn(request);
    const { person } = session;
    const now = app.clock();
    // The options were given within RECENT_SIGN_IN_MS of the sign-in, and the ceremony lives CEREMONY_MS.
    requireRecentSignIn(session, now, RECENT_SIGN_IN_MS + CEREMONY_MS);
    const challenge = await takeChallenge(app.db, body.ceremony, 'add-passkey', person.id, now);
    await app.db.transaction().execute(async (trx) => {
      const added = await finishRegistration(trx, rp, { challenge, response: body.response, personId: person.id, name: body.name, now });
      await recordAudit(trx, auditActorOf(request), { action: 'passkey-added', subject: person.email, detail: { passkey: added.passkeyId, name: added.name }, now });
    });
    return { ok: true };
  });

  app.post<{ Params: { id: string } }>(CONSOLE_ACCESS_ROUTE.passkeyRemove, consoleRoute('staff'), async (request): Promise<OkAnswer> => {
    consoleBody(request, EmptyBodyStruct);
    const { person } = signedIn(request);
    const id = idParam(request.params.id);
    const now = app.clock();
    await app.db.transaction().execute(async (trx) => {
      const keys = await trx.selectFrom('console_passkeys').select(['id', 'name']).where('person_id', '=', person.id).execute();
      const key = keys.find((row) => row.id === id);
      if (key === undefined) throw new RestError(404, CONSOLE_REFUSAL.notFound, 'You have no such passkey.');
      if (keys.length === 1) throw new RestError(409, CONSOLE_ACCESS_ERROR.lastPasskey, 'This is your only passkey: add another before removing it.');
      await trx.deleteFrom('console_passkeys').where('id', '=', id).execute();
      await recordAudit(trx, auditActorOf(request), { action: 'passkey-removed', subject: person.email, detail: { passkey: id, name: key.name }, now });
    });
    return { ok: true };
  });
}
