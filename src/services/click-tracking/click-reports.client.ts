// The clicks page's calls over the console's one HTTP client (services/shared/console-api.client.ts),
// on the routes of validation/click-tracking/click-reports.protocol.ts, the answer checked with
// its struct. Refusals arrive as ConsoleApiError with the server's code. Only the console loads
// this module; the public site's click tracking never does.
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { CLICK_REPORTS_ROUTE, ClicksSummaryStruct, type ClickRange, type ClicksSummary } from '../../validation/click-tracking/click-reports.protocol.ts';
import { rangeSearchParams } from './click-range.service.ts';

export function createClickReportsClient(api: ConsoleApi) {
  return {
    summary(range: ClickRange, signal?: AbortSignal): Promise<ClicksSummary> {
      return api.get(CLICK_REPORTS_ROUTE.summary, ClicksSummaryStruct, { searchParams: rangeSearchParams(range), ...(signal ? { signal } : {}) });
    },
    /** The range's CSV: a plain download link (the server streams it as an attachment). */
    exportUrl(range: ClickRange): string {
      return api.url(CLICK_REPORTS_ROUTE.exportCsv, rangeSearchParams(range));
    },
  };
}

export type ClickReportsClient = ReturnType<typeof createClickReportsClient>;
