import type { FastifyInstance } from 'fastify';
import { INBOX_ROUTE } from '../../src/validation/inbox/inbox.protocol.ts';
import { consoleRoute } from '../console/console-guard.ts';
import type { BannerHealth } from '../../src/validation/shared/backup-health.protocol.ts';
import { readMailHealth } from '../mail/mail-health.ts';
import { readBackupHealth } from '../operations/backup-runs.ts';

/**
 * `GET /admin/api/mail-health` (staff): the console's health banner: mail (README.md, "Mail
 * health") and, under `backup`, the backups' (README.md, "Backups and restore").
 */
export default async function mailHealthRoutes(app: FastifyInstance): Promise<void> {
  app.get(INBOX_ROUTE.mailHealth, consoleRoute('staff'), async (): Promise<BannerHealth> => ({
    ...(await readMailHealth(app.db, app.clock())),
    backup: await readBackupHealth(app.db),
  }));
}
