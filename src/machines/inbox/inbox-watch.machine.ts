// What is new in the inbox while the console is open (README.md, "The inbox", "What is new"):
// the counts of every state filter (the navigation's unread count, the document title's "(3)",
// the inbox filter's counts, the dashboard's first tile), asked when the console opens, every
// INBOX_WATCH_INTERVAL_MS while the tab is shown, at once when it is shown again, and when told
// `inbox.recheck` (the person changed a message). A message newer than the newest one seen before
// is an arrival: `arrivals` counts them (the inbox's first page loads again) and, when the person
// allowed it, `notify.arrival` is emitted (the view shows a browser notification).
// Three regions while watching:
//  - check:         checking → waiting → checking…; a failed check keeps the last counts and is
//                   tried again after the interval; after the interval in a hidden tab: paused,
//                   until the tab is shown again
//  - page:          visible | hidden, as the browser says
//  - notifications: unsupported (the browser has none) | undecided (the inbox offers them) |
//                   asking (the browser's question is open) | allowed | refused (only the
//                   browser's settings can change it)
// A session that ended → signedOut (the shell signs in again).
import { assign, emit, raise, setup, stateIn } from 'xstate';
import { fetchCounts } from '../../services/inbox/inbox.actor.ts';
import { requestNotificationPermission } from '../../services/inbox/arrival-notification.actor.ts';
import type { NotificationChoice } from '../../services/inbox/arrival-notification.service.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import { pageVisibility, type PageVisibilityEvent } from '../../services/shared/page-visibility.actor.ts';
import type { InboxCounts } from '../../validation/inbox/inbox.protocol.ts';
import { failureOf, isSignedOut, type Failure } from '../shared/console-failure.ts';
import { INBOX_WATCH_INTERVAL_MS } from './inbox.constants.ts';

export interface InboxWatchInput {
  api: ConsoleApi;
  /** What the browser allows as the console opens (services/inbox/arrival-notification.service.ts). */
  notifications: NotificationChoice;
}

export interface InboxWatchContext {
  api: ConsoleApi;
  /** The last answer; null before the first. */
  latest: InboxCounts | null;
  /** Messages that arrived while the console was open. */
  arrivals: number;
  /** The input's: only where the notifications region starts (its states say the rest). */
  notifications: NotificationChoice;
}

export type InboxWatchEvent =
  | { type: 'inbox.recheck' }
  | { type: 'notify.enable' }
  /** Raised by the machine itself when a check finds an arrival. */
  | { type: 'inbox.arrived'; count: number }
  | PageVisibilityEvent;

export type InboxWatchEmitted = { type: 'session.ended' } | { type: 'notify.arrival'; count: number };

/** How many arrived: the rise in new messages, at least one. */
const arrivedCount = (before: InboxCounts | null, now: InboxCounts) => Math.max(1, now.counts.new - (before?.counts.new ?? 0));

export const inboxWatchMachine = setup({
  types: {
    input: {} as InboxWatchInput,
    context: {} as InboxWatchContext,
    events: {} as InboxWatchEvent,
    emitted: {} as InboxWatchEmitted,
    tags: {} as 'busy',
  },
  actors: { fetchCounts, requestNotificationPermission, pageVisibility },
  guards: {
    isArrival: ({ context }, counts: InboxCounts) => context.latest !== null && counts.newest !== null && (context.latest.newest === null || counts.newest > context.latest.newest),
    isPageHidden: stateIn('#inboxWatch.watching.page.hidden'),
    isUnsupported: ({ context }) => context.notifications === 'unsupported',
    isGranted: (_, choice: NotificationChoice) => choice === 'granted',
    isDenied: (_, choice: NotificationChoice) => choice === 'denied',
    isSignedOut,
  },
  actions: {
    storeCounts: assign((_, latest: InboxCounts) => ({ latest })),
    storeArrival: assign(({ context }, latest: InboxCounts) => ({ latest, arrivals: context.arrivals + arrivedCount(context.latest, latest) })),
    /** Before storeArrival (the count is against the counts before): the notifications region hears of it. */
    raiseArrival: raise(({ context }, latest: InboxCounts) => ({ type: 'inbox.arrived' as const, count: arrivedCount(context.latest, latest) })),
    notifyArrival: emit((_, count: number) => ({ type: 'notify.arrival' as const, count })),
    logError: (_, failure: Failure) => console.error(failure.error),
    endSession: emit({ type: 'session.ended' } as const),
  },
  delays: { watchInterval: INBOX_WATCH_INTERVAL_MS },
}).createMachine({
  id: 'inboxWatch',
  context: ({ input }) => ({ api: input.api, latest: null, arrivals: 0, notifications: input.notifications }),
  initial: 'watching',
  states: {
    watching: {
      type: 'parallel',
      invoke: { id: 'pageVisibility', src: 'pageVisibility' },
      states: {
        check: {
          initial: 'checking',
          states: {
            checking: {
              tags: ['busy'],
              invoke: {
                id: 'fetchCounts',
                src: 'fetchCounts',
                input: ({ context }) => ({ api: context.api }),
                onDone: [
                  {
                    guard: { type: 'isArrival', params: ({ event }) => event.output },
                    target: 'waiting',
                    actions: [
                      { type: 'raiseArrival', params: ({ event }) => event.output },
                      { type: 'storeArrival', params: ({ event }) => event.output },
                    ],
                  },
                  { target: 'waiting', actions: { type: 'storeCounts', params: ({ event }) => event.output } },
                ],
                onError: [
                  { guard: { type: 'isSignedOut', params: failureOf }, target: '#inboxWatch.signedOut' },
                  { target: 'waiting', actions: { type: 'logError', params: failureOf } },
                ],
              },
            },
            waiting: {
              after: { watchInterval: [{ guard: 'isPageHidden', target: 'paused' }, { target: 'checking' }] },
              on: { 'inbox.recheck': 'checking' },
            },
            /** The tab is hidden: nobody is looking, so nobody is asked. */
            paused: {
              on: { 'page.visible': 'checking', 'inbox.recheck': 'checking' },
            },
          },
        },
        page: {
          initial: 'visible',
          states: {
            visible: { on: { 'page.hidden': 'hidden' } },
            hidden: { on: { 'page.visible': 'visible' } },
          },
        },
        notifications: {
          initial: 'starting',
          states: {
            starting: {
              always: [
                { guard: 'isUnsupported', target: 'unsupported' },
                { guard: { type: 'isGranted', params: ({ context }) => context.notifications }, target: 'allowed' },
                { guard: { type: 'isDenied', params: ({ context }) => context.notifications }, target: 'refused' },
                { target: 'undecided' },
              ],
            },
            unsupported: {},
            undecided: { on: { 'notify.enable': 'asking' } },
            asking: {
              invoke: {
                id: 'requestNotificationPermission',
                src: 'requestNotificationPermission',
                onDone: [
                  { guard: { type: 'isGranted', params: ({ event }) => event.output }, target: 'allowed' },
                  { guard: { type: 'isDenied', params: ({ event }) => event.output }, target: 'refused' },
                  { target: 'undecided' },
                ],
                onError: { target: 'undecided', actions: { type: 'logError', params: failureOf } },
              },
            },
            allowed: {
              on: { 'inbox.arrived': { actions: { type: 'notifyArrival', params: ({ event }) => event.count } } },
            },
            refused: {},
          },
        },
      },
    },
    signedOut: {
      type: 'final',
      entry: 'endSession',
    },
  },
});
