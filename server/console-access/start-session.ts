import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSession, presenceCookie, sessionCookie } from '../console/console-sessions.ts';

/** Signs a person in: a session, its cookie. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, personId: number): Promise<{ expiresAt: string }> {
  const app = request.server;
  const session = await createSession(app.db, personId, { now: app.clock(), userAgent: request.headers['user-agent'] ?? null });
  const cookie = sessionCookie(app.config.siteUrl);
  reply.setCookie(cookie.name, session.id, cookie.options);
  const presence = presenceCookie(app.config.siteUrl);
  reply.setCookie(presence.name, presence.value, presence.options);
  return { expiresAt: session.expiresAt };
}
