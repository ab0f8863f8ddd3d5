// Who uses the console (README.md "The console"): the session is checked when the console opens
// (GET /session); a page whose request answers "signed out" sends `session.ended`; a sign-in or
// an enrolment sends `session.started` and the session is read again; sign out and sign out
// everywhere end it on the server first. Why the person is signed out is a state of its own, so
// the sign-in page can say it. While signed in, the tab carries the console's presence mark, so
// the public pages opened in it show their links' click counts (README.md, "Click counts").
import { assign, setup } from 'xstate';
import { loadSession, signOut } from '../../services/console-access/console-access.actors.ts';
import { forgetConsolePresence, markConsolePresence } from '../../services/shared/console-presence.service.ts';
import type { SessionAnswer } from '../../validation/console-access/console-access.protocol.ts';

export interface ConsoleSessionContext {
  /** The signed-in person, their role and the company's time zone (null while signed out). */
  session: SessionAnswer | null;
}

export type ConsoleSessionEvent =
  | { type: 'session.started' }
  | { type: 'session.ended' }
  | { type: 'session.retry' }
  | { type: 'session.signOut' }
  | { type: 'session.signOutEverywhere' };

export const consoleSessionMachine = setup({
  types: {
    context: {} as ConsoleSessionContext,
    events: {} as ConsoleSessionEvent,
  },
  actors: { loadSession, signOut },
  guards: {
    hasSession: (_, session: SessionAnswer | null) => session !== null,
  },
  actions: {
    assignSession: assign((_, session: SessionAnswer | null) => ({ session })),
    forgetSession: assign({ session: null }),
    markPresence: () => markConsolePresence(),
    forgetPresence: () => forgetConsolePresence(),
  },
}).createMachine({
  id: 'consoleSession',
  context: { session: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'assignSession', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'unreachable' },
      },
    },
    /** The server did not answer (or not as the console expects): say so, offer to try again. */
    unreachable: {
      on: { 'session.retry': { target: 'checking' } },
    },
    signedOut: {
      entry: ['forgetSession', 'forgetPresence'],
      initial: 'arrived',
      on: { 'session.started': { target: 'checking' } },
      states: {
        /** Opened the console without a session. */
        arrived: {},
        /** A request answered that the session is over (idle, too old, revoked). */
        ended: {},
        /** Signed out here. */
        left: {},
        /** Signed out of every device. */
        leftEverywhere: {},
      },
    },
    signedIn: {
      entry: 'markPresence',
      initial: 'active',
      on: { 'session.ended': { target: 'signedOut.ended' } },
      states: {
        active: {
          initial: 'settled',
          on: {
            'session.signOut': { target: 'signingOut' },
            'session.signOutEverywhere': { target: 'signingOutEverywhere' },
          },
          states: {
            settled: {},
            /** The sign-out request failed: still signed in, and told so. */
            signOutFailed: {},
          },
        },
        signingOut: {
          invoke: {
            id: 'signOut',
            src: 'signOut',
            input: { everywhere: false },
            onDone: { target: '#consoleSession.signedOut.left' },
            onError: { target: 'active.signOutFailed' },
          },
        },
        signingOutEverywhere: {
          invoke: {
            id: 'signOut',
            src: 'signOut',
            input: { everywhere: true },
            onDone: { target: '#consoleSession.signedOut.leftEverywhere' },
            onError: { target: 'active.signOutFailed' },
          },
        },
      },
    },
  },
});
