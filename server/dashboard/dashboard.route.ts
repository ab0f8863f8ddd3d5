import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONSOLE_API } from '../../src/validation/console/console-api.ts';
import { DASHBOARD_LINK_DAYS, DASHBOARD_ROUTE, DASHBOARD_TOP_LINKS, DASHBOARD_WEEKS, type Dashboard } from '../../src/validation/dashboard/dashboard.protocol.ts';
import { consoleRoute } from '../console/console-guard.ts';
import { mailSetupOf, readMailHealth } from '../mail/mail-health.ts';
import { lastSiteDays, topLinks } from '../reports/click-statistics.ts';
import { messagesThisAndLastWeek } from '../reports/message-statistics.ts';
import { siteToday } from '../reports/site-days.ts';
import { subscribersPerWeek } from '../reports/subscriber-statistics.ts';

/*
 * The console's home (README.md "The dashboard"): this week's messages against last week's,
 * subscribers over the last twelve weeks, the most followed links of the last 30 days and mail
 * health, in one answer. Both roles read it; it changes nothing, so nothing is audited.
 */
export default fp(
  async function dashboardRoutes(app: FastifyInstance) {
    const { db } = app;
    const timeZone = app.config.siteTimeZone;
    app.get(`${CONSOLE_API}${DASHBOARD_ROUTE.dashboard}`, consoleRoute('staff'), async (): Promise<Dashboard> => {
      const now = app.clock();
      const period = lastSiteDays(DASHBOARD_LINK_DAYS, now, timeZone);
      const top = await topLinks(db, { ...period, limit: DASHBOARD_TOP_LINKS });
      return {
        today: siteToday(now, timeZone),
        messages: await messagesThisAndLastWeek(db, now, timeZone),
        subscribers: await subscribersPerWeek(db, now, timeZone, DASHBOARD_WEEKS),
        links: { from: period.fromDay, to: period.toDay, top: top.map((link) => ({ target: link.target, anchor: link.anchors[0] ?? '', clicks: link.clicks })) },
        mailHealth: await readMailHealth(db, mailSetupOf(app.config), now),
      };
    });
  },
  { name: 'dashboard-routes', fastify: '5.x', dependencies: ['console-guard'] },
);
