// The owner's switch on the People page: whether staff may edit the site's content (README.md,
// "Editing the site": who; the route is the content editor's settings, owners only, audited as
// `content-settings`). The rule is the state, never a flag in context:
//  - loading → allowed or notAllowed (as the server says), or failed (try again); a session
//    that ended → signedOut (the shell signs in again)
//  - allowed / notAllowed: `switch.toggle` asks the server for the other rule (allowing or
//    forbidding); its answer is the rule now (…saved, announced), a refusal leaves the rule as
//    it was (…refused, said in words beside the switch)
// Its own machine, beside the people machine on the same page: the list and the rule load and
// change independently, and neither multiplies the other's paths.
import { emit, setup, assign } from 'xstate';
import { loadStaffEditing, saveStaffEditing } from '../../services/console-access/staff-editing.actor.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../validation/console/console-api.ts';
import type { EditingSettings } from '../../validation/content-editor/content-editor.protocol.ts';
import { failureOf, failureText, isSignedOut, type Failure } from '../shared/console-failure.ts';

export interface StaffEditingInput {
  api: ConsoleApi;
}

export interface StaffEditingContext {
  api: ConsoleApi;
  /** Why the last request failed, in words; null while none did. */
  problem: string | null;
}

export type StaffEditingEvent = { type: 'switch.toggle' } | { type: 'setting.retry' };

export type StaffEditingEmitted = { type: 'session.end' };

export const NOT_OWNER = 'Only an owner can change who may edit the site\u2019s content.';

/** A refusal or failure as the owner reads it. */
export function staffEditingProblem(failure: Failure): string {
  if (failure.error instanceof ConsoleApiError && failure.error.code === CONSOLE_REFUSAL.wrongRole) return NOT_OWNER;
  return failureText(failure);
}

const settingsOf = ({ event }: { event: { output: EditingSettings } }) => event.output;

/** A save's answer: the rule the server now keeps, whichever was asked for. */
const saveAnswered = [
  { guard: { type: 'isAllowed', params: settingsOf }, target: 'allowed.saved' },
  { target: 'notAllowed.saved' },
] as const;

export const staffEditingMachine = setup({
  types: {
    input: {} as StaffEditingInput,
    context: {} as StaffEditingContext,
    events: {} as StaffEditingEvent,
    emitted: {} as StaffEditingEmitted,
  },
  actors: { loadStaffEditing, saveStaffEditing },
  guards: {
    isSignedOut,
    isAllowed: (_, settings: EditingSettings) => settings.staffMayEdit,
  },
  actions: {
    storeProblem: assign((_, failure: Failure) => ({ problem: staffEditingProblem(failure) })),
    clearProblem: assign({ problem: null }),
    endSession: emit({ type: 'session.end' } as const),
  },
}).createMachine({
  id: 'staffEditing',
  context: ({ input }) => ({ api: input.api, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStaffEditing',
        src: 'loadStaffEditing',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          { guard: { type: 'isAllowed', params: settingsOf }, target: 'allowed', actions: 'clearProblem' },
          { target: 'notAllowed', actions: 'clearProblem' },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    /** The rule could not be read: said, with "Try again". */
    failed: {
      on: { 'setting.retry': 'loading' },
    },
    /** Staff may edit: the switch is on. */
    allowed: {
      initial: 'unchanged',
      on: { 'switch.toggle': 'forbidding' },
      states: {
        /** As loaded with the page. */
        unchanged: {},
        /** Just changed by this owner: announced. */
        saved: {},
        /** Turning it off was refused: still on, and why. */
        refused: {},
      },
    },
    /** Only owners edit: the switch is off. */
    notAllowed: {
      initial: 'unchanged',
      on: { 'switch.toggle': 'allowing' },
      states: {
        unchanged: {},
        saved: {},
        /** Turning it on was refused: still off, and why. */
        refused: {},
      },
    },
    /** Asking the server to let staff edit. */
    allowing: {
      tags: ['busy'],
      entry: 'clearProblem',
      invoke: {
        id: 'saveStaffEditing',
        src: 'saveStaffEditing',
        input: ({ context }) => ({ api: context.api, staffMayEdit: true }),
        onDone: saveAnswered,
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'notAllowed.refused', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    /** Asking the server to leave editing to owners. */
    forbidding: {
      tags: ['busy'],
      entry: 'clearProblem',
      invoke: {
        id: 'saveStaffEditing',
        src: 'saveStaffEditing',
        input: ({ context }) => ({ api: context.api, staffMayEdit: false }),
        onDone: saveAnswered,
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'allowed.refused', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    /** The session ended: the shell goes back to sign-in. */
    signedOut: {
      type: 'final',
      entry: 'endSession',
    },
  },
});
