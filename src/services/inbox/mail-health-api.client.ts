// The health banner's facts: whether mail is being delivered, how much waits and the mail
// server's last error, and how the backups went.
import { INBOX_ROUTE } from '../../validation/inbox/inbox.protocol.ts';
import { BannerHealthStruct, type BannerHealth } from '../../validation/shared/backup-health.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';

export function mailHealth(api: ConsoleApi, signal?: AbortSignal): Promise<BannerHealth> {
  return api.get(INBOX_ROUTE.mailHealth, BannerHealthStruct, signal ? { signal } : {});
}
