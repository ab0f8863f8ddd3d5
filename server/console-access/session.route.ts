import type { FastifyInstance } from 'fastify';
import { CONSOLE_ACCESS_ROUTE, type SessionAnswer } from '../../src/validation/console-access/console-access.protocol.ts';
import { EmptyBodyStruct, type OkAnswer } from '../../src/validation/console/console-api.ts';
import { recordAudit } from '../console/console-audit.ts';
import { consoleBody } from '../console/console-body.ts';
import { auditActorOf, consoleRoute, signedIn } from '../console/console-guard.ts';
import { endPersonSessions, endSession, presenceCookie, sessionCookie, SESSION_IDLE_MS } from '../console/console-sessions.ts';

/** Who is signed in; signing out here, or everywhere (README.md, "The console"). */
export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const cookie = sessionCookie(app.config.siteUrl);
  const presence = presenceCookie(app.config.siteUrl);

  app.get(CONSOLE_ACCESS_ROUTE.session, consoleRoute('staff'), async (request): Promise<SessionAnswer> => {
    const session = signedIn(request);
    return { person: session.person, timeZone: app.config.siteTimeZone, expiresAt: session.expiresAt, idleMinutes: SESSION_IDLE_MS / 60_000 };
  });

  app.post(CONSOLE_ACCESS_ROUTE.signOut, consoleRoute('staff'), async (request, reply): Promise<OkAnswer> => {
    consoleBody(request, EmptyBodyStruct);
    const session = signedIn(request);
    const now = app.clock();
    await endSession(app.db, session.idHash, now);
    await recordAudit(app.db, auditActorOf(request), { action: 'sign-out', subject: session.person.email, now });
    reply.clearCookie(cookie.name, cookie.options).clearCookie(presence.name, presence.options);
    return { ok: true };
  });

  app.post(CONSOLE_ACCESS_ROUTE.signOutEverywhere, consoleRoute('staff'), async (request, reply): Promise<OkAnswer> => {
    consoleBody(request, EmptyBodyStruct);
    const session = signedIn(request);
    const now = app.clock();
    const ended = await endPersonSessions(app.db, session.person.id, now);
    await recordAudit(app.db, auditActorOf(request), { action: 'sign-out-everywhere', subject: session.person.email, detail: { sessionsEnded: ended }, now });
    reply.clearCookie(cookie.name, cookie.options).clearCookie(presence.name, presence.options);
    return { ok: true };
  });
}
