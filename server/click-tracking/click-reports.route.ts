import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validate } from 'superstruct';
import { CONSOLE_API } from '../../src/validation/console/console-api.ts';
import {
  CLICK_REPORTS_ERROR,
  CLICK_REPORTS_ROUTE,
  clickRangeDays,
  ClicksQueryStruct,
  resolveClickRange,
  TOP_LINKS,
  type ClicksSummary,
} from '../../src/validation/click-tracking/click-reports.protocol.ts';
import { auditActorOf, consoleRoute } from '../console/console-guard.ts';
import { recordAudit } from '../console/console-audit.ts';
import { RestError } from '../http/rest-error.ts';
import { clicksPerDay, linkClicks, pageLinkTable, sitePeriod, topLinks, type ClickPeriod } from '../reports/click-statistics.ts';
import { siteToday } from '../reports/site-days.ts';
import { clickReportCsv, clickReportCsvRows } from './click-report.ts';
import { followedSitePages, readPageLinks, type PageLinksNow } from './site-pages.ts';

/*
 * The console's clicks page (README.md "Click tracking"): the clicks of a range (the last 30 or
 * 90 company days, or two dates) per day, the most followed links and each page's links, and
 * the same links as CSV. Both roles read them; the export is audited. Pages are named by their
 * address on the site, from the build's list of pages (a content id where the build has none).
 */

function invalidRange(field: string, message: string): RestError {
  return new RestError(400, CLICK_REPORTS_ERROR.invalidRange, message, { field });
}

export default fp(
  async function clickReportsRoutes(app: FastifyInstance, options: { pageLinks?: PageLinksNow }) {
    const { db } = app;
    const timeZone = app.config.siteTimeZone;
    const built = options.pageLinks === undefined ? await readPageLinks(app.config.staticRoot) : undefined;
    const pagesNow = followedSitePages(options.pageLinks ?? (() => built ?? null), app.config.siteUrl);
    /** A page as the database names it (a content id, or the URL of a page without one), as people read it. */
    const pageName = (page: string) => (/^\d+$/.test(page) ? (pagesNow().urlOfPost(Number(page)) ?? page) : page);

    /** The range of the query, as company days and as a period. */
    function rangeOf(request: FastifyRequest): { from: string; to: string; days: '30' | '90' | null; period: ClickPeriod } {
      const [error, query] = validate(request.query ?? {}, ClicksQueryStruct);
      if (error !== undefined) throw invalidRange(String(error.path[0] ?? 'query'), `The ${String(error.path[0] ?? 'query')} parameter is not valid: ${error.message}`);
      const resolved = resolveClickRange(query);
      if (!resolved.ok) throw invalidRange(resolved.field, resolved.message);
      const { from, to } = clickRangeDays(resolved.range, siteToday(app.clock(), timeZone));
      return { from, to, days: resolved.range.kind === 'days' ? resolved.range.days : null, period: sitePeriod(from, to, timeZone) };
    }

    app.get(`${CONSOLE_API}${CLICK_REPORTS_ROUTE.summary}`, consoleRoute('staff'), async (request): Promise<ClicksSummary> => {
      const { from, to, days, period } = rangeOf(request);
      const [perDay, top, table] = [await clicksPerDay(db, { ...period, timeZone }), await topLinks(db, { ...period, limit: TOP_LINKS }), await pageLinkTable(db, period)];
      return {
        range: { from, to, days },
        total: perDay.reduce((sum, day) => sum + day.clicks, 0),
        perDay,
        topLinks: top.map((link) => ({ ...link, pages: link.pages.map(pageName) })),
        pages: table.map((page) => ({ ...page, page: pageName(page.page) })),
      };
    });

    app.get(`${CONSOLE_API}${CLICK_REPORTS_ROUTE.exportCsv}`, consoleRoute('staff'), async (request, reply) => {
      const { from, to, days, period } = rangeOf(request);
      const who = auditActorOf(request);
      async function* csv(): AsyncGenerator<string> {
        const rows = (await linkClicks(db, period)).map((row) => ({ ...row, page: pageName(row.page) }));
        // Audited before the first byte: a download broken off is an export all the same.
        await recordAudit(db, who, { action: 'export', subject: 'clicks', detail: { from, to, days, rows: rows.length }, now: app.clock() });
        // A byte order mark, so spreadsheets read the UTF-8 as such (as the inbox's export).
        yield `\uFEFF${clickReportCsv([])}`;
        for (let start = 0; start < rows.length; start += 500) yield clickReportCsvRows(rows.slice(start, start + 500));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="clicks-${from}-to-${to}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(csv()));
    });
  },
  { name: 'click-reports-routes', fastify: '5.x', dependencies: ['console-guard'] },
);
