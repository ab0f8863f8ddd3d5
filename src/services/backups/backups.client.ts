// The Backups page's calls over the console's one HTTP client (services/shared/console-api.client.ts),
// on the routes of validation/backups/backups.protocol.ts, each answer checked with its struct.
// Refusals arrive as ConsoleApiError with the server's code.
import { archivePath, BACKUPS_ROUTE, BackupsStruct, StartedStruct, type Backups, type Started } from '../../validation/backups/backups.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';

export function readBackups(api: ConsoleApi, signal?: AbortSignal): Promise<Backups> {
  return api.get(BACKUPS_ROUTE.backups, BackupsStruct, signal ? { signal } : {});
}

/** "Back up now": starts a backup, or answers the one running. */
export function startBackup(api: ConsoleApi, signal?: AbortSignal): Promise<Started> {
  return api.post(BACKUPS_ROUTE.run, {}, StartedStruct, signal ? { signal } : {});
}

/** "Copy again": sends an archive to the off-site storage again. */
export function startCopy(api: ConsoleApi, archive: string, signal?: AbortSignal): Promise<Started> {
  return api.post(BACKUPS_ROUTE.copy, { archive }, StartedStruct, signal ? { signal } : {});
}

/** Where an archive downloads from (the browser sends the session cookie). */
export function archiveUrl(api: ConsoleApi, name: string): string {
  return api.url(archivePath(name));
}
