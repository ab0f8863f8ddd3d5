// The mail banner's facts: whether mail is being delivered, how much waits and the mail
// server's last error.
import { INBOX_ROUTE } from '../../validation/inbox/inbox.protocol.ts';
import { MailHealthStruct, type MailHealth } from '../../validation/shared/mail-health.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';

export function mailHealth(api: ConsoleApi, signal?: AbortSignal): Promise<MailHealth> {
  return api.get(INBOX_ROUTE.mailHealth, MailHealthStruct, signal ? { signal } : {});
}
