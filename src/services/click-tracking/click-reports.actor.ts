// The effects the clicks page's machine invokes: the summary of a range over the console API
// the page was given, and the range the address names when it changes under the page (the back
// button, the "Last 90 days" link). The machine decides when.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { CONSOLE_HASH, isListHash, queryOfHash } from '../../validation/console/console-hashes.ts';
import type { ClickRange, ClicksQuery, ClicksSummary } from '../../validation/click-tracking/click-reports.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { clicksQueryOf } from './click-range.service.ts';
import { createClickReportsClient } from './click-reports.client.ts';

export const loadClicks = fromPromise<ClicksSummary, { api: ConsoleApi; range: ClickRange }>(({ input, signal }) => createClickReportsClient(input.api).summary(input.range, signal));

export type AddressRangeEvent = { type: 'address.restore'; query: ClicksQuery };

export const addressRange = fromCallback<EventObject>(({ sendBack }) => {
  const changed = () => {
    const { hash } = window.location;
    // Only the clicks page's own addresses (`#/clicks`, `#/clicks?…`).
    if (isListHash(hash, CONSOLE_HASH.clicks)) sendBack({ type: 'address.restore', query: clicksQueryOf(queryOfHash(hash)) } satisfies AddressRangeEvent);
  };
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
});
