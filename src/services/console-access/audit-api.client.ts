// The console's audit log (owner only): a page of entries, newest first, the next one by the
// `before` cursor the answer gives.
import { AuditAnswerStruct, CONSOLE_ACCESS_ROUTE, type AuditAnswer } from '../../validation/console-access/console-access.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';

export function auditPage(api: ConsoleApi, before: number | null, signal?: AbortSignal): Promise<AuditAnswer> {
  return api.get(CONSOLE_ACCESS_ROUTE.audit, AuditAnswerStruct, {
    ...(before === null ? {} : { searchParams: { before: String(before) } }),
    ...(signal ? { signal } : {}),
  });
}
