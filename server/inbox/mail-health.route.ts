import type { FastifyInstance } from 'fastify';
import { INBOX_ROUTE } from '../../src/validation/inbox/inbox.protocol.ts';
import { consoleRoute } from '../console/console-guard.ts';
import type { BannerHealth } from '../../src/validation/shared/backup-health.protocol.ts';
import { mailSetupOf, readMailHealth } from '../mail/mail-health.ts';
import { readBackupHealth } from '../operations/backup-runs.ts';
import { readDiskHealth } from '../operations/disk-space.ts';

/**
 * `GET /admin/api/mail-health` (staff): the console's health banner: under `mail` mail health's
 * state with its cause (README.md, "Mail health"), under `backup` the backups' (README.md, "Backups and restore") and under `disk` the
 * free space of the database's and the uploads' disks (README.md, "Faults the server survives"),
 * under `site` whether this process serves the published content's pages (README.md, "Live in seconds").
 */
export default async function mailHealthRoutes(app: FastifyInstance): Promise<void> {
  app.get(INBOX_ROUTE.mailHealth, consoleRoute('staff'), async (): Promise<BannerHealth> => ({
    mail: await readMailHealth(app.db, mailSetupOf(app.config), app.clock()),
    backup: await readBackupHealth(app.db),
    disk: await readDiskHealth(app.config),
    site: app.siteGenerations.health(),
  }));
}
