import type { FastifyInstance } from 'fastify';
import { INBOX_ROUTE } from '../../src/validation/inbox/inbox.protocol.ts';
import { consoleRoute } from '../console/console-guard.ts';
import { readMailHealth } from '../mail/mail-health.ts';

/** `GET /admin/api/mail-health` (staff): the console's mail banner (README.md, "Mail health"). */
export default async function mailHealthRoutes(app: FastifyInstance): Promise<void> {
  app.get(INBOX_ROUTE.mailHealth, consoleRoute('staff'), async () => readMailHealth(app.db, app.clock()));
}
