// Mail health's protocol (README.md, "Mail health"), written once for the browser and the
// server: the inbox's mail banner, the dashboard's mail tile and /healthz's `mail` all read it.
// Browser-safe.
import { boolean, enums, nullable, number, object, string, type Infer } from 'superstruct';

/** Mail waiting longer than this, or a failed last attempt, shows the banner. */
export const MAIL_STALE_MINUTES = 15;
export const MailHealthStruct = object({
  state: enums(['ok', 'degraded'] as const),
  waiting: number(),
  oldestWaitingSince: nullable(string()),
  lastError: nullable(string()),
  lastAttemptAt: nullable(string()),
  lastAttemptFailed: boolean(),
});
export type MailHealth = Infer<typeof MailHealthStruct>;
