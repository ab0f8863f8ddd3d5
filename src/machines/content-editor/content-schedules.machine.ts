// The scheduled changes on Site content (`#/content`, README.md "Editing the site"): loading →
// listed (the changes waiting, soonest first, then the latest done: published, not published and
// why, cancelled and by whom), or failed (why, and Try again). "Cancel" on a waiting change asks
// first, then cancels it and lists them again, saying so; a change published meanwhile cannot be
// cancelled, which is said with the list as it now is. A signed-out answer ends the session.
import { assign, emit, setup } from 'xstate';
import { cancelSchedule, listSchedules } from '../../services/content-editor/content-editor.actors.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { CONTENT_ERROR, type ScheduledChange, type ScheduleListAnswer } from '../../validation/content-editor/content-editor.protocol.ts';

export interface ContentSchedulesInput {
  api: ConsoleApi;
}

export interface ContentSchedulesContext extends ContentSchedulesInput {
  schedules: ScheduledChange[];
  /** The change asked about, cancelled or refused. */
  selected: ScheduledChange | null;
  problem: string;
}

export type ContentSchedulesEvent = { type: 'schedules.reload' } | { type: 'cancel.start'; id: number } | { type: 'cancel.confirm' } | { type: 'cancel.keep' };

export type ContentSchedulesEmitted = { type: 'session.end' } | { type: 'focus.status' } | { type: 'focus.confirm' };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const idParams = ({ event }: { event: { id: number } }) => ({ id: event.id });

const start = { 'cancel.start': { guard: { type: 'isWaiting', params: idParams }, target: '#contentSchedules.listed.confirming', actions: { type: 'select', params: idParams } } } as const;

export const contentSchedulesMachine = setup({
  types: {
    input: {} as ContentSchedulesInput,
    context: {} as ContentSchedulesContext,
    events: {} as ContentSchedulesEvent,
    emitted: {} as ContentSchedulesEmitted,
  },
  actors: { listSchedules, cancelSchedule },
  guards: {
    isWaiting: ({ context }, { id }: { id: number }) => context.schedules.some((change) => change.id === id && change.state === 'waiting'),
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
    /** Published (or cancelled elsewhere) meanwhile: 409. */
    isNotWaiting: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.code === CONTENT_ERROR.scheduleNotWaiting,
    hasProblem: ({ context }) => context.problem !== '',
  },
  actions: {
    storeSchedules: assign((_, { schedules }: ScheduleListAnswer) => ({ schedules })),
    select: assign(({ context }, { id }: { id: number }) => ({ selected: context.schedules.find((change) => change.id === id) ?? null, problem: '' })),
    storeCancelled: assign((_, selected: ScheduledChange) => ({ selected, problem: '' })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    endSession: emit({ type: 'session.end' } as const),
    focusStatus: emit({ type: 'focus.status' } as const),
    focusConfirm: emit({ type: 'focus.confirm' } as const),
  },
}).createMachine({
  id: 'contentSchedules',
  context: ({ input }) => ({ ...input, schedules: [], selected: null, problem: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'listSchedules',
        src: 'listSchedules',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'listed', actions: { type: 'storeSchedules', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: errorParams }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
        ],
      },
    },
    failed: { on: { 'schedules.reload': 'loading' } },
    signedOut: { entry: 'endSession' },
    /** After a cancel (done, or refused: published meanwhile): the list as it now is. */
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'listSchedules',
        src: 'listSchedules',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          { guard: 'hasProblem', target: 'listed.refused', actions: { type: 'storeSchedules', params: ({ event }) => event.output } },
          { target: 'listed.cancelled', actions: { type: 'storeSchedules', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: errorParams }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
        ],
      },
    },
    listed: {
      initial: 'idle',
      states: {
        idle: { on: start },
        /** "Cancel the change to … at …?" */
        confirming: { entry: 'focusConfirm', on: { 'cancel.confirm': 'cancelling', 'cancel.keep': 'idle' } },
        cancelling: {
          tags: ['busy'],
          invoke: {
            id: 'cancelSchedule',
            src: 'cancelSchedule',
            input: ({ context }) => ({ api: context.api, id: context.selected?.id ?? 0 }),
            onDone: { target: '#contentSchedules.reloading', actions: { type: 'storeCancelled', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isSignedOut', params: errorParams }, target: '#contentSchedules.signedOut' },
              { guard: { type: 'isNotWaiting', params: errorParams }, target: '#contentSchedules.reloading', actions: { type: 'storeProblem', params: errorParams } },
              { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
            ],
          },
        },
        /** "Cancelled: …" */
        cancelled: { entry: 'focusStatus', on: start },
        /** It could not be cancelled: it was published (or cancelled) meanwhile. */
        refused: { entry: 'focusStatus', on: start },
        /** No answer: nothing is known to be cancelled. */
        failed: { entry: 'focusStatus', on: { ...start, 'cancel.confirm': 'cancelling' } },
      },
    },
  },
});
