import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CONSOLE_ACCESS_ERROR,
  CONSOLE_ACCESS_ROUTE,
  EnrolmentBodyStruct,
  EnrolmentVerifyBodyStruct,
  type EnrolmentAnswer,
  type SignedInAnswer,
} from '../../src/validation/console-access/console-access.protocol.ts';
import { recordAudit } from '../console/console-audit.ts';
import { consoleBody } from '../console/console-body.ts';
import { auditActorOf, consoleRoute } from '../console/console-guard.ts';
import { secretHash } from '../console/console-sessions.ts';
import type { Database } from '../db/types.ts';
import { RestError } from '../http/rest-error.ts';
import { finishRegistration, relyingParty, startRegistration, takeChallenge } from './ceremonies.ts';
import { startSession } from './start-session.ts';

/*
 * An enrolment link (README.md, "How an owner starts"): what it is for, then registering a
 * passkey for it, which spends the link and signs the person in. 404 for a token the server
 * never made; 410 for one used, older than 24 hours, or of a revoked person. The token is in
 * each request's JSON body, never its path: paths are what request logs and proxies keep.
 */

interface LiveInvitation {
  id: number;
  person: { id: number; email: string; role: 'owner' | 'staff'; userHandle: string };
  expiresAt: string;
}

async function liveInvitation(db: Kysely<Database>, token: string, now: number): Promise<LiveInvitation> {
  const row = token.length > 100 ? undefined : await db
    .selectFrom('console_invitations as i')
    .innerJoin('console_people as p', 'p.id', 'i.person_id')
    .select(['i.id', 'i.expires_at', 'i.used_at', 'p.id as person_id', 'p.email', 'p.role', 'p.user_handle', 'p.revoked_at'])
    .where('i.token_hash', '=', secretHash(token))
    .executeTakeFirst();
  if (row === undefined) throw new RestError(404, CONSOLE_ACCESS_ERROR.invitationUnknown, 'This enrolment link is not one this site made. Check it was copied whole.');
  if (row.used_at !== null || row.revoked_at !== null || Date.parse(row.expires_at) <= now) {
    throw new RestError(410, CONSOLE_ACCESS_ERROR.invitationExpired, 'This enrolment link has expired or was already used. Ask an owner for a new one.');
  }
  return { id: row.id, person: { id: row.person_id, email: row.email, role: row.role, userHandle: row.user_handle }, expiresAt: row.expires_at };
}

export default async function enrolmentRoutes(app: FastifyInstance, { limited }: { limited: FastifyContextConfig }): Promise<void> {
  const rp = relyingParty(app.config.siteUrl);

  app.post(CONSOLE_ACCESS_ROUTE.enrolment, { ...consoleRoute(null), config: limited }, async (request): Promise<EnrolmentAnswer> => {
    const { token } = consoleBody(request, EnrolmentBodyStruct);
    const invitation = await liveInvitation(app.db, token, app.clock());
    return { email: invitation.person.email, role: invitation.person.role, expiresAt: invitation.expiresAt };
  });

  app.post(CONSOLE_ACCESS_ROUTE.enrolmentOptions, { ...consoleRoute(null), config: limited }, async (request) => {
    const { token } = consoleBody(request, EnrolmentBodyStruct);
    const now = app.clock();
    const invitation = await liveInvitation(app.db, token, now);
    return startRegistration(app.db, rp, { id: invitation.person.id, email: invitation.person.email, userHandle: invitation.person.userHandle }, 'enrol', now);
  });

  app.post(CONSOLE_ACCESS_ROUTE.enrolmentVerify, { ...consoleRoute(null), config: limited }, async (request, reply): Promise<SignedInAnswer> => {
    const body = consoleBody(request, EnrolmentVerifyBodyStruct);
    const now = app.clock();
    const invitation = await liveInvitation(app.db, body.token, now);
    const { person } = invitation;
    const challenge = await takeChallenge(app.db, body.ceremony, 'enrol', person.id, now);
    const actor = { ...auditActorOf(request, null), personId: person.id, actor: person.email };
    await app.db.transaction().execute(async (trx) => {
      // Spent only once, also when two answers race.
      const spent = await trx.updateTable('console_invitations').set({ used_at: new Date(now).toISOString() }).where('id', '=', invitation.id).where('used_at', 'is', null).executeTakeFirst();
      if (Number(spent.numUpdatedRows) === 0) throw new RestError(410, CONSOLE_ACCESS_ERROR.invitationExpired, 'This enrolment link was already used.');
      const added = await finishRegistration(trx, rp, { challenge, response: body.response, personId: person.id, name: body.name, now });
      await recordAudit(trx, actor, { action: 'passkey-added', subject: person.email, detail: { passkey: added.passkeyId, name: added.name, enrolment: true }, now });
    });
    await startSession(request, reply, person.id);
    return { person: { id: person.id, email: person.email, role: person.role } };
  });
}
