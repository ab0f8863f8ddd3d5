// Track The Click in the page: which links visitors follow, and (when the server shows them) how
// often each of this page's links was followed. Two regions: the beacon (off with the pro beacon,
// declined for visitors whose browser asks not to be tracked, else listening and sending a hit
// per followed link) and the counts (only for a signed-in console user, as the plugin shows them to
// logged-in editors only: asked for once the page is idle, when the server's CLICK_COUNTS is on;
// a failure leaves the links as they are, silently for the visitor).
// Anonymous visitors never ask (README.md, "Click counts"); a tab whose console session has ended
// (the server refuses the counts) forgets its mark, so its next pages do not ask again.
// Every request carries the plugin's cache-breaking counter: 1, then one more per request.
import { assign, setup } from 'xstate';
import { linkClicks, type LinkFollowedEvent } from '../../services/click-tracking/link-clicks.actor.ts';
import { countsSwitch, linkCounts } from '../../services/click-tracking/link-counts.actor.ts';
import { forgetConsolePresence } from '../../services/shared/console-presence.service.ts';
import { pageIdle } from '../../services/shared/page-idle.actor.ts';
import { sendClickHit, type ClickHit, type LinkCount } from '../../services/click-tracking/track-the-click-api.client.ts';
import { SITE_REST_ROOT } from '../../services/shared/site-config.client.ts';

export interface ClickTrackingInput {
  /** The page's post id from content; 0 for a page without one. */
  postId: number;
  /** Content's "pro beacon" switch: true turns this beacon off. */
  proBeacon: boolean;
  /** Content: honour Global Privacy Control and Do Not Track. */
  respectPrivacySignals: boolean;
  /** The visitor's browser sends one of them. */
  privacySignal: boolean;
  /** A console user is signed in in this tab (the console's presence mark). */
  consoleSignedIn: boolean;
  /** The REST root (`/wp-json/`). */
  root?: string;
}

export interface ClickTrackingContext extends Required<ClickTrackingInput> {
  /** The last cachebreak used (0 before the first request). */
  cachebreak: number;
  counts: LinkCount[];
}

export type ClickTrackingEvent = LinkFollowedEvent | { type: 'page.idle' };

export const clickTrackingMachine = setup({
  types: {
    input: {} as ClickTrackingInput,
    context: {} as ClickTrackingContext,
    events: {} as ClickTrackingEvent,
  },
  actors: { linkClicks, pageIdle, countsSwitch, linkCounts },
  actions: {
    nextCachebreak: assign(({ context }) => ({ cachebreak: context.cachebreak + 1 })),
    sendHit: ({ context }, hit: Omit<ClickHit, 'postId'>) => {
      sendClickHit({ ...hit, postId: context.postId }, context.cachebreak, context.root);
    },
    storeCounts: assign((_, counts: LinkCount[]) => ({ counts })),
    forgetConsolePresence: () => forgetConsolePresence(),
    warn: (_, problem: { error: unknown }) => console.warn('Click counts could not be loaded:', problem.error),
  },
  guards: {
    isProBeacon: ({ context }) => context.proBeacon,
    isDeclinedByVisitor: ({ context }) => context.respectPrivacySignals && context.privacySignal,
    isOn: (_, on: boolean) => on,
    isAnonymous: ({ context }) => !context.consoleSignedIn,
    isSignedOut: (_, counts: LinkCount[] | null) => counts === null,
  },
}).createMachine({
  id: 'clickTracking',
  context: ({ input }) => ({ root: SITE_REST_ROOT, ...input, cachebreak: 0, counts: [] }),
  type: 'parallel',
  states: {
    beacon: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'isProBeacon', target: 'off' }, { guard: 'isDeclinedByVisitor', target: 'declined' }, { target: 'listening' }],
        },
        /** The pro beacon's switch is on: this beacon sends nothing. */
        off: {},
        /** The visitor asked not to be tracked: nothing is sent. */
        declined: {},
        listening: {
          tags: ['tracking'],
          invoke: { id: 'linkClicks', src: 'linkClicks' },
          on: {
            'link.followed': {
              actions: ['nextCachebreak', { type: 'sendHit', params: ({ event }) => ({ link: event.link, location: event.location }) }],
            },
          },
        },
      },
    },
    counts: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'isAnonymous', target: 'anonymous' }, { target: 'waiting' }],
        },
        /** No console user is signed in here: no counts are asked for. */
        anonymous: {},
        // Counts are a nicety: they wait until the page has loaded and the browser is idle.
        waiting: {
          invoke: { id: 'pageIdle', src: 'pageIdle' },
          on: { 'page.idle': 'checking' },
        },
        checking: {
          invoke: {
            id: 'countsSwitch',
            src: 'countsSwitch',
            input: ({ context }) => ({ root: context.root }),
            onDone: [{ guard: { type: 'isOn', params: ({ event }) => event.output }, target: 'loading' }, { target: 'off' }],
            onError: { target: 'off', actions: { type: 'warn', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loading: {
          // The counter moves before the request is made: its input reads the new value.
          entry: 'nextCachebreak',
          invoke: {
            id: 'linkCounts',
            src: 'linkCounts',
            input: ({ context }) => ({ postId: context.postId, cachebreak: context.cachebreak, root: context.root }),
            onDone: [
              { guard: { type: 'isSignedOut', params: ({ event }) => event.output }, target: 'signedOut' },
              { target: 'shown', actions: { type: 'storeCounts', params: ({ event }) => event.output ?? [] } },
            ],
            onError: { target: 'failed', actions: { type: 'warn', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        shown: { tags: ['counts'] },
        /** CLICK_COUNTS is off (or its switch could not be read): links show no counts. */
        off: {},
        failed: {},
        /** The server has no live console session for this browser: the tab's mark goes. */
        signedOut: { entry: 'forgetConsolePresence' },
      },
    },
  },
});
