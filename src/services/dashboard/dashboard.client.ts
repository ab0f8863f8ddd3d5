// The dashboard's call over the console's one HTTP client (services/shared/console-api.client.ts),
// on the route of validation/dashboard/dashboard.protocol.ts, the answer checked with its struct.
// Refusals arrive as ConsoleApiError with the server's code.
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { DASHBOARD_ROUTE, DashboardStruct, type Dashboard } from '../../validation/dashboard/dashboard.protocol.ts';

export function readDashboard(api: ConsoleApi, signal?: AbortSignal): Promise<Dashboard> {
  return api.get(DASHBOARD_ROUTE.dashboard, DashboardStruct, signal ? { signal } : {});
}
