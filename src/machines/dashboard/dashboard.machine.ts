// The console's home (README.md "The dashboard"): loading → shown (the four tiles) | failed
// (said, with Try again) | signedOut (a signed-out answer ends here and tells the shell,
// `session.end`).
import { assign, emit, setup } from 'xstate';
import { loadDashboard } from '../../services/dashboard/dashboard.actor.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { Dashboard } from '../../validation/dashboard/dashboard.protocol.ts';

export interface DashboardInput {
  api: ConsoleApi;
}

export interface DashboardContext {
  api: ConsoleApi;
  dashboard: Dashboard | null;
  /** Why the dashboard could not be loaded. */
  problem: string;
}

export type DashboardEvent = { type: 'dashboard.retry' };
export type DashboardEmitted = { type: 'session.end' };

export const dashboardMachine = setup({
  types: {
    input: {} as DashboardInput,
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    emitted: {} as DashboardEmitted,
  },
  actors: { loadDashboard },
  guards: {
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
  },
  actions: {
    storeDashboard: assign((_, dashboard: Dashboard) => ({ dashboard })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    endSession: emit({ type: 'session.end' } as const),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ api: input.api, dashboard: null, problem: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'shown', actions: { type: 'storeDashboard', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: {},
    failed: {
      on: { 'dashboard.retry': 'loading' },
    },
    signedOut: {
      entry: 'endSession',
    },
  },
});
