import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteOriginOf } from './site-url.ts';

/*
 * A form the browser posted itself (README.md, "Forms before their code" and "The contact form":
 * a visitor who presses Send before the form's code has arrived): the request is a navigation,
 * and the visitor sees whatever the server answers, so the form routes answer it with a page
 * instead of the JSON their scripts read. A browser says so in `Sec-Fetch-Mode: navigate`
 * (`Sec-Fetch-Dest: document`, or `iframe` in a frame); one too old to send those headers is
 * told apart by its `Accept`, which prefers text/html, where the site's scripts (ky, jQuery)
 * ask for JSON or take anything equally.
 */

function header(request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/** True when the request is the browser's own form submission, whose answer is shown as a page. */
export function isFormNavigation(request: Pick<FastifyRequest, 'headers'>): boolean {
  const mode = header(request, 'sec-fetch-mode');
  if (mode !== undefined) return mode === 'navigate';
  const dest = header(request, 'sec-fetch-dest');
  if (dest !== undefined) return dest === 'document' || dest === 'iframe' || dest === 'frame';
  const accept = header(request, 'accept');
  return accept !== undefined && qualityOf(accept, 'text', 'html') > qualityOf(accept, 'application', 'json');
}

/**
 * The weight (`q`) `accept` gives a media type: of the ranges that cover it, the most specific
 * decides (`text/html` before `text/*` before the range of any type), a range without `q`
 * weighs 1, and 0 when none covers it (README.md, "Forms before their code").
 */
function qualityOf(accept: string, type: string, subtype: string): number {
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    const [rangeType, rangeSubtype] = range.split('/');
    const specificity = rangeType === type && rangeSubtype === subtype ? 2 : rangeType === type && rangeSubtype === '*' ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number.parseFloat(qParam.slice(2));
    best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best.q;
}

/**
 * Where the answer page's "back to the form" link goes: the page the form was sent from when
 * the Referer is one of this site's (its path and query, with `fragment` when given), else
 * `fallback`. Never another site's address, so the page links nowhere a visitor did not come from.
 */
export function backToFormHref(app: FastifyInstance, request: FastifyRequest, fallback: string, fragment = ''): string {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== siteOriginOf(app)) return fallback;
    // A path that starts with two slashes (`https://site//elsewhere.example/`) would be read as
    // another host's address: the link keeps one.
    return `/${url.pathname.replace(/^\/+/, '')}${url.search}${fragment === '' ? '' : `#${fragment}`}`;
  } catch {
    return fallback;
  }
}
