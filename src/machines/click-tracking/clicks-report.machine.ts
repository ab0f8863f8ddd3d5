// The clicks page (README.md "Click tracking"): the range it shows (the last 30 or 90 company
// days, or two dates) and that range's clicks. Starting, and whenever the address names another
// range (the "Last 90 days" link, the back button): checking (a wrong range is said beside its
// field, or above the form for the address's `days`, and nothing is asked) → loading → shown |
// empty | failed (Try again). Two dates the person enters are applied with the form's button:
// checked the same way, then written to the address (`address.change`, which the view hands to
// the shell's navigate) and loaded. The date fields show the shown range's days once it is
// loaded. A signed-out answer ends here (`session.end`).
import { assign, emit, enqueueActions, setup } from 'xstate';
import { addressRange, loadClicks } from '../../services/click-tracking/click-reports.actor.ts';
import { clicksHashOf, queryText } from '../../services/click-tracking/click-range.service.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { resolveClickRange, type ClickRange, type ClicksQuery, type ClicksSummary } from '../../validation/click-tracking/click-reports.protocol.ts';

export type DateField = 'from' | 'to';

export interface ClicksReportInput {
  api: ConsoleApi;
  /** The range the address names when the page opens. */
  query: ClicksQuery;
}

export interface ClicksReportContext {
  api: ConsoleApi;
  /** The range asked for (by the address or the form), as written: `resolveClickRange` checks it. */
  query: ClicksQuery;
  /** The date fields as the person types them. */
  dates: Record<DateField, string>;
  summary: ClicksSummary | null;
  /** Why the clicks could not be loaded. */
  problem: string;
  /** The address the page last wrote: its own change coming back is not the person's. */
  published: string | null;
}

export type ClicksReportEvent =
  | { type: 'dates.change'; field: DateField; value: string }
  | { type: 'dates.apply' }
  | { type: 'address.restore'; query: ClicksQuery }
  | { type: 'report.retry' };

export type ClicksReportEmitted = { type: 'address.change'; hash: string } | { type: 'session.end' };

/** The asked range, once `isValidRange` has passed. */
export function askedRange(query: ClicksQuery): ClickRange {
  const resolved = resolveClickRange(query);
  if (!resolved.ok) throw new Error(`not a range: ${resolved.message}`);
  return resolved.range;
}

const datesOf = (query: ClicksQuery) => ({ from: query.from ?? '', to: query.to ?? '' });

export const clicksReportMachine = setup({
  types: {
    input: {} as ClicksReportInput,
    context: {} as ClicksReportContext,
    events: {} as ClicksReportEvent,
    emitted: {} as ClicksReportEmitted,
  },
  actors: { loadClicks, addressRange },
  guards: {
    isValidRange: ({ context }) => resolveClickRange(context.query).ok,
    isOtherAddress: ({ context }, query: ClicksQuery) => queryText(query) !== queryText(context.query) && clicksHashOf(query) !== context.published,
    isEmpty: (_, summary: ClicksSummary) => summary.total === 0,
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
  },
  actions: {
    storeDate: assign(({ context }, change: { field: DateField; value: string }) => ({ dates: { ...context.dates, [change.field]: change.value } })),
    askForDates: assign(({ context }) => ({ query: { from: context.dates.from, to: context.dates.to } })),
    storeQuery: assign((_, query: ClicksQuery) => ({ query, dates: datesOf(query) })),
    // The fields show the days of what is shown (the last 30 days' first and last too).
    storeSummary: assign((_, summary: ClicksSummary) => ({ summary, dates: { from: summary.range.from, to: summary.range.to } })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    publishAddress: enqueueActions(({ context, enqueue }) => {
      const hash = clicksHashOf(context.query);
      enqueue.assign({ published: hash });
      enqueue.emit({ type: 'address.change', hash });
    }),
    endSession: emit({ type: 'session.end' } as const),
  },
}).createMachine({
  id: 'clicksReport',
  context: ({ input }) => ({ api: input.api, query: input.query, dates: datesOf(input.query), summary: null, problem: '', published: null }),
  initial: 'active',
  states: {
    active: {
      invoke: { id: 'addressRange', src: 'addressRange' },
      on: {
        'dates.change': { actions: { type: 'storeDate', params: ({ event }) => event } },
        'dates.apply': { target: '.checking', actions: 'askForDates' },
        'address.restore': {
          guard: { type: 'isOtherAddress', params: ({ event }) => event.query },
          target: '.starting',
          actions: { type: 'storeQuery', params: ({ event }) => event.query },
        },
      },
      initial: 'starting',
      states: {
        /** The range the address gave: checked, then loaded, without writing the address again. */
        starting: {
          always: [{ guard: 'isValidRange', target: 'loading' }, { target: 'invalid' }],
        },
        /** The dates the person applied: checked, then written to the address and loaded. */
        checking: {
          always: [{ guard: 'isValidRange', target: 'loading', actions: 'publishAddress' }, { target: 'invalid' }],
        },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadClicks',
            src: 'loadClicks',
            input: ({ context }) => ({ api: context.api, range: askedRange(context.query) }),
            onDone: [
              { guard: { type: 'isEmpty', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'storeSummary', params: ({ event }) => event.output } },
              { target: 'shown', actions: { type: 'storeSummary', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: '#clicksReport.signedOut' },
              { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        shown: {},
        /** No click in the range: said, with the range's days at zero in the table. */
        empty: {},
        failed: {
          on: { 'report.retry': 'loading' },
        },
        /** The range is wrong: said beside its field, and nothing is asked. */
        invalid: {},
      },
    },
    signedOut: {
      entry: 'endSession',
    },
  },
});
