import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { CONSOLE_ACCESS_ROUTE } from '../../src/validation/console-access/console-access.protocol.ts';
import { CONSOLE_API } from '../../src/validation/console/console-api.ts';

/*
 * What a request leaves in the log (README, "Privacy"): its method, its path without the query
 * (unsubscribe and confirmation tokens travel in queries and never expire), its status and how
 * long it took. Never the client's address or port, never a header. Fastify's own request lines
 * (`incoming request` with remoteAddress, remotePort and the full URL) are turned off; this one
 * line per request takes their place (RequestLogController; the arrival only at debug), and the serializers keep anything else that logs a
 * request or a reply to the same few fields. An enrolment token is never in a path the console
 * asks for (it travels in the body: README, "How an owner starts"); a path that carries one all
 * the same (a console page loaded before that change) is logged without it.
 */

/** The longest path a log line keeps: a 404 for a path somebody made up is still one short line. */
const MAX_LOGGED_PATH = 200;

const ENROLMENT_BELOW = `${CONSOLE_API}${CONSOLE_ACCESS_ROUTE.enrolment}/`;
const ENROLMENT_ROUTES = new Set([CONSOLE_ACCESS_ROUTE.enrolmentOptions, CONSOLE_ACCESS_ROUTE.enrolmentVerify].map((route) => `${CONSOLE_API}${route}`));

/** A path below the enrolment routes that is none of them (`/admin/api/enrolment/<token>/…`) → `/admin/api/enrolment/…`. */
function withoutEnrolmentToken(path: string): string {
  let read = path;
  try {
    read = decodeURIComponent(path);
  } catch {
    // A malformed escape: compared as it is.
  }
  read = read.replace(/\/{2,}/g, '/').toLowerCase();
  return read.startsWith(ENROLMENT_BELOW) && !ENROLMENT_ROUTES.has(read) ? `${ENROLMENT_BELOW}…` : path;
}

/** `/a/b?token=…` → `/a/b`, cut to MAX_LOGGED_PATH characters; an enrolment token in a path left out. */
export function loggedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = withoutEnrolmentToken(end === -1 ? url : url.slice(0, end));
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
}

export const LOG_SERIALIZERS = {
  req: (request: { method?: string; url?: string }) => ({ method: request.method, path: loggedPath(request.url ?? '') }),
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
} satisfies LoggerOptions['serializers'];

/** pino's options for the server's logger, at `level`. */
export function loggerOptions(level: string): LoggerOptions {
  return { level, serializers: LOG_SERIALIZERS };
}

/**
 * Fastify's request lines, kept to the fields above: no `incoming request` line (the completed
 * one says all of it), the completed line with the request's method and path, and the "route
 * not found" line without the URL's query.
 */
export class RequestLogController extends LogController {
  /** At debug only (the completed line says the rest), with the same few fields. */
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: request }, 'route not found');
  }
}
