import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSession, presenceCookie, sessionCookie } from '../console/console-sessions.ts';

/** Signs a person in: a session, its cookie. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, personId: number): Promise<{ expiresAt: string }> {
  const app = request.server;
  const session = await createSession(app.db, personId, { now: app.clock(), userAgent: request.headers['user-agent'] ?? null });
  const cookie = sessionCookie(app.config.siteUrl);
  reply.setCookie(cookie.name, session.id, cookie.options);
  const presence = presenceCookie(app.config.siteUrl);
  // The presence cookie of older builds goes: pages read the console's mark in the tab instead.
  reply.clearCookie(presence.name, presence.options);
  return { expiresAt: session.expiresAt };
}
