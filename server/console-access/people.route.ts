import type { FastifyInstance } from 'fastify';
import { CONSOLE_ACCESS_ROUTE, InviteBodyStruct, type AuditAnswer, type InviteAnswer, type PersonRow } from '../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_REFUSAL, EmptyBodyStruct, type AuditAction, type OkAnswer } from '../../src/validation/console/console-api.ts';
import { consoleBody, idParam } from '../console/console-body.ts';
import { auditActorOf, consoleRoute } from '../console/console-guard.ts';
import { RestError } from '../http/rest-error.ts';
import { invitePerson, listPeople, revokePerson } from './console-people.ts';

export const AUDIT_PAGE = 50;

/** The owner's people and audit log (README.md, "The console"); the logic is console-people.ts, shared with `npm run admin`. */
export default async function peopleRoutes(app: FastifyInstance): Promise<void> {
  app.get(CONSOLE_ACCESS_ROUTE.people, consoleRoute('owner'), async (): Promise<{ people: PersonRow[] }> => ({ people: await listPeople(app.db, app.clock()) }));

  app.post(CONSOLE_ACCESS_ROUTE.invite, consoleRoute('owner'), async (request): Promise<InviteAnswer> => {
    const body = consoleBody(request, InviteBodyStruct);
    // An owner never sees a recovery link: it goes to the person's mailbox alone (README.md, "How an owner starts").
    const invitation = await invitePerson(app.db, { email: body.email, role: body.role, by: auditActorOf(request), now: app.clock(), siteUrl: app.config.siteUrl, mail: app.config.smtpUrl !== null, revealRecovery: false });
    if (invitation.mailed) app.outbox.queued();
    return invitation;
  });

  app.post<{ Params: { id: string } }>(CONSOLE_ACCESS_ROUTE.revoke, consoleRoute('owner'), async (request): Promise<OkAnswer> => {
    consoleBody(request, EmptyBodyStruct);
    const revoked = await revokePerson(app.db, { id: idParam(request.params.id) }, { by: auditActorOf(request), now: app.clock(), mail: app.config.smtpUrl !== null });
    if (revoked.mailed) app.outbox.queued();
    return { ok: true };
  });

  app.get<{ Querystring: { before?: string } }>(CONSOLE_ACCESS_ROUTE.audit, consoleRoute('owner'), async (request): Promise<AuditAnswer> => {
    const before = request.query.before;
    if (before !== undefined && !/^[1-9]\d{0,15}$/.test(before)) throw new RestError(400, CONSOLE_REFUSAL.invalidBody, 'before must be an entry id.', { field: 'before' });
    const rows = await app.db
      .selectFrom('console_audit')
      .select(['id', 'at', 'actor', 'action', 'subject', 'detail'])
      .$if(before !== undefined, (query) => query.where('id', '<', Number(before)))
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE + 1)
      .execute();
    const page = rows.slice(0, AUDIT_PAGE);
    return {
      entries: page.map((row) => ({ id: row.id, at: row.at, actor: row.actor, action: row.action as AuditAction, subject: row.subject, detail: JSON.parse(row.detail) as Record<string, unknown> })),
      next: rows.length > AUDIT_PAGE ? page.at(-1)!.id : null,
    };
  });
}
