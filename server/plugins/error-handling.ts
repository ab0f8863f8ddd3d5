import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_API, CONSOLE_REFUSAL } from '../../src/validation/console/console-api.ts';
import { RestError, restErrorBody, serviceErrorOf, type RestErrorBody } from '../http/rest-error.ts';
import { sendMemoryPage, type MemoryFile } from '../routes/static-files-in-memory.ts';

/** WordPress's codes for the statuses a request can fail with before reaching a route. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'rest_bad_request',
  401: 'rest_not_logged_in',
  403: 'rest_forbidden',
  404: 'rest_no_route',
  405: 'rest_no_route',
  406: 'rest_not_acceptable',
  413: 'rest_payload_too_large',
  415: 'rest_unsupported_media_type',
  429: 'rest_too_many_requests',
};

/** Fastify's own errors that WordPress has a more specific code for. */
const CODE_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'rest_invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'rest_invalid_json',
};

const CONDITIONAL_HEADERS = ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'if-range', 'range'];

const NO_ROUTE_MESSAGE = 'No route was found matching the URL and request method.';

/**
 * Every error becomes a JSON RestErrorBody with `Cache-Control: no-store`. Messages of 4xx
 * errors are written for clients and kept; a 5xx is logged in full and answered with a
 * generic message, so stack traces and internals never reach a visitor.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(function handleError(error: FastifyError | RestError, request, reply) {
    const body = toRestErrorBody(serviceErrorOf(error) ?? error);
    if (body.data.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, status: body.data.status }, error.message);
    }
    retryAfterOf(body, reply);
    return reply.code(body.data.status).header('cache-control', 'no-store').send(body);
  });
}

/**
 * Unknown paths: under /wp-json a REST 404 like WordPress's `rest_no_route`; pages get the
 * prerendered 404.html (status 404): the served site's (`siteNotFoundPage`, README.md "Live in
 * seconds"), else the static root's; anything else a JSON 404.
 */
export function installNotFoundHandler(app: FastifyInstance, staticRoot: string, siteNotFoundPage?: () => MemoryFile | undefined): void {
  const notFoundPage = path.join(staticRoot, '404.html');
  app.setNotFoundHandler(function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?', 1)[0] ?? '';
    reply.code(404).header('cache-control', 'no-store');
    if (pathname === '/wp-json' || pathname.startsWith('/wp-json/')) {
      return reply.send(restErrorBody(404, 'rest_no_route', NO_ROUTE_MESSAGE));
    }
    if (pathname === CONSOLE_API || pathname.startsWith(`${CONSOLE_API}/`)) {
      return reply.send(restErrorBody(404, CONSOLE_REFUSAL.notFound, NO_ROUTE_MESSAGE));
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      const page = siteNotFoundPage?.();
      if (page !== undefined) return sendMemoryPage(page, 404, request, reply);
      // Checked per request so a site built after the server started is still found.
      if (existsSync(notFoundPage)) {
        // The page is answered whole and unconditionally: a 304 or 206 must never stand in
        // for a 404, so the file sender must not see the request's conditions or ranges.
        for (const header of CONDITIONAL_HEADERS) delete request.raw.headers[header];
        return reply.header('cache-control', 'no-cache').sendFile('404.html', { etag: false, lastModified: false });
      }
      return reply.type('text/plain; charset=utf-8').send('Not Found');
    }
    return reply.send(restErrorBody(404, 'not_found', 'Not Found'));
  });
}

/** A 503 that says when to try again (`data.retry_after`) says it in Retry-After too. */
export function retryAfterOf(body: { data: Record<string, unknown> }, reply: FastifyReply): void {
  const seconds = body.data.retry_after;
  if (typeof seconds === 'number' && !reply.hasHeader('retry-after')) reply.header('retry-after', String(seconds));
}

export function toRestErrorBody(error: FastifyError | RestError): RestErrorBody {
  if (error instanceof RestError) return error.toBody();
  if (error.validation !== undefined) return validationErrorBody(error);
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
    ? error.statusCode
    : 500;
  if (status >= 500) return restErrorBody(status, 'internal_server_error', 'Internal Server Error');
  const code = CODE_BY_FASTIFY_CODE[error.code] ?? CODE_BY_STATUS[status] ?? 'rest_error';
  return restErrorBody(status, code, error.message);
}

/** Like WordPress's `rest_invalid_param`: the names of the bad parameters, and why each is bad. */
function validationErrorBody(error: FastifyError): RestErrorBody {
  const params: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const missing = (issue.params as { missingProperty?: unknown }).missingProperty;
    const name = typeof missing === 'string'
      ? missing
      : issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request');
    params[name] ??= issue.message ?? 'is invalid';
  }
  const names = Object.keys(params).join(', ');
  return restErrorBody(400, 'rest_invalid_param', `Invalid parameter(s): ${names}`, { params });
}
