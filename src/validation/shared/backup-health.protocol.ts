// Backup health's protocol (README.md, "Backups and restore"), written once for the browser
// and the server: the console's health banner and /healthz's `backup` read it. Browser-safe.
import { assign, enums, nullable, object, string, type Infer } from 'superstruct';
import { DiskHealthStruct } from './disk-health.protocol.ts';
import { MailHealthStruct } from './mail-health.protocol.ts';
import { SiteHealthStruct } from './site-health.protocol.ts';

/**
 * `failed`: the last backup failed (after the last success, if any); `ok`: the last one
 * succeeded; `none`: no backup has run yet.
 */
export const BackupHealthStruct = object({
  state: enums(['ok', 'failed', 'none'] as const),
  lastSuccessAt: nullable(string()),
  /** The last good archive's file name in BACKUP_DIR. */
  lastSuccessArchive: nullable(string()),
  lastFailureAt: nullable(string()),
  /** Why the last failed backup failed, in one line. */
  lastFailureReason: nullable(string()),
});
export type BackupHealth = Infer<typeof BackupHealthStruct>;

/** What the console's health banner reads (`GET /admin/api/mail-health`): mail health, the backups', the disks' and the published site's. */
export const BannerHealthStruct = assign(MailHealthStruct, object({ backup: BackupHealthStruct, disk: DiskHealthStruct, site: SiteHealthStruct }));
export type BannerHealth = Infer<typeof BannerHealthStruct>;
