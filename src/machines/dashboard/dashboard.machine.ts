// The console's home (README.md "The dashboard"): loading → shown (the four tiles) | failed
// (said, with Try again) | signedOut (a signed-out answer ends here and tells the shell,
// `session.end`). `shown` is in the mail health state the answer names (README.md, "Mail
// health"): notConfigured, noCompanyAddress, failing.{login, connection, certificate, other},
// delivering.{onTime, late} or healthy; the mail tile says that state's cause and next step.
import { assign, emit, setup } from 'xstate';
import { loadDashboard } from '../../services/dashboard/dashboard.actor.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { Dashboard } from '../../validation/dashboard/dashboard.protocol.ts';
import { isMailHealth, MAIL_HEALTH_TARGETS, type MailHealthTarget } from '../shared/mail-health-states.ts';

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

/** Into `shown`'s mail state that the loaded dashboard names. */
const shownIn = MAIL_HEALTH_TARGETS.map((target) => ({
  guard: { type: 'isMail' as const, params: ({ event }: { event: { output: Dashboard } }) => ({ dashboard: event.output, target }) },
  target: `shown.${target.path}`,
  actions: { type: 'storeDashboard' as const, params: ({ event }: { event: { output: Dashboard } }) => event.output },
}));

export const dashboardMachine = setup({
  types: {
    input: {} as DashboardInput,
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    emitted: {} as DashboardEmitted,
    tags: {} as 'busy' | 'mailAttention',
  },
  actors: { loadDashboard },
  guards: {
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
    isMail: (_, { dashboard, target }: { dashboard: Dashboard; target: MailHealthTarget }) => isMailHealth(dashboard.mailHealth, target),
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
        onDone: shownIn,
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: {
      initial: 'healthy',
      // mailAttention: mail needs the owner (the tile's picture says so).
      states: {
        notConfigured: { tags: ['mailAttention'] },
        noCompanyAddress: { tags: ['mailAttention'] },
        // Entered only at a named kind (shownIn); `initial` is XState's requirement.
        failing: { tags: ['mailAttention'], initial: 'other', states: { login: {}, connection: {}, certificate: {}, other: {} } },
        delivering: { initial: 'onTime', states: { onTime: {}, late: { tags: ['mailAttention'] } } },
        healthy: {},
      },
    },
    failed: {
      on: { 'dashboard.retry': 'loading' },
    },
    signedOut: {
      entry: 'endSession',
    },
  },
});
