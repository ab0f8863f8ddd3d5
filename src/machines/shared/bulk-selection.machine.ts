// A selection on a console list and one action on it (README.md, "The inbox": acting on many at
// once). The list shows a page of rows; the person chooses some of them (one by one, or the
// whole page), or every row that matches the list's filter (`matching`, across every page),
// and then an action: one request for all of them (the `applyBulk` actor, whose `apply` the
// list's page gives), an action that cannot be undone (delete) asked again first
// (`confirming`), one that records why (an unsubscribe at the person's request) asked with its
// note (`noting`: a blank note, or one over its length, is refused beside its field). Done, the selection is empty and the outcome (how many were chosen and
// changed) is announced; failed, the reason is shown with Try again. A new filter or page
// (`page.shown` with another key) empties the selection, and drops a question or a failure
// still open (the action was asked of the other list); the same page shown again (a message
// arrived) keeps what is still on it. "Every row that matches" names its list's key, so the
// request is for the filter it was chosen on, whatever the page shows by then. A signed-out
// answer ends here (`session.end`).
import { assign, emit, fromPromise, setup } from 'xstate';
import { ConsoleApiError } from '../../services/shared/console-api.client.ts';

/** What the selection is: the rows chosen by id, or every row of the filter of the list `list` (its key). */
export type BulkTarget = { ids: string[] } | { matching: true; list: string };

/** What one action did: how many rows it was on, and how many it changed. */
export interface BulkOutcome {
  action: string;
  selected: number;
  changed: number;
}

export interface BulkSelectionInput {
  /** The one request: the action, what it is on, and its note ('' for an action that takes none). */
  apply: (action: string, target: BulkTarget, note: string, signal: AbortSignal) => Promise<BulkOutcome>;
  /** The rows the page shows first, and which list they are. */
  ids: string[];
  listKey: string;
}

export interface BulkSelectionContext {
  apply: BulkSelectionInput['apply'];
  /** The rows the page shows, and which list (filter and page) they are. */
  shown: string[];
  listKey: string;
  /** The rows chosen one by one or by page. */
  chosen: string[];
  /** The action being confirmed, applied or that failed, and what it is on. */
  action: string;
  target: BulkTarget;
  /** The list (its key) the action was asked on. */
  startedOn: string;
  /** The note of an action that records why ('' for the others), and the longest it may be. */
  note: string;
  noteMax: number;
  /** What the last action did (announced until the next). */
  outcome: BulkOutcome | null;
  problem: string;
}

export type BulkSelectionEvent =
  | { type: 'page.shown'; ids: string[]; key: string }
  | { type: 'choose.toggle'; id: string }
  | { type: 'choose.page' }
  | { type: 'choose.matching' }
  | { type: 'choose.none' }
  | { type: 'action.start'; action: string; ask: BulkQuestion; noteMax?: number }
  | { type: 'note.change'; value: string }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'action.retry' }
  | { type: 'problem.dismiss' };

export type BulkSelectionEmitted = { type: 'list.changed' } | { type: 'session.end' };

/** What an action asks before it is applied: nothing, "are you sure?", or why (a note). */
export type BulkQuestion = 'nothing' | 'confirm' | 'note';

export const applyBulk = fromPromise<BulkOutcome, { apply: BulkSelectionInput['apply']; action: string; target: BulkTarget; note: string }>(({ input, signal }) =>
  input.apply(input.action, input.target, input.note, signal),
);

const toggled = (chosen: readonly string[], id: string) => (chosen.includes(id) ? chosen.filter((one) => one !== id) : [...chosen, id]);

/**
 * Where a cancelled question returns: the selection as it was (less the rows gone from the page
 * meanwhile; when none is left, `page.shown` has already ended the question).
 */
const BACK_TO_THE_CHOICE = [{ guard: 'isMatchingTarget', target: 'choosing.matching' }, { target: 'choosing.some' }] as const;
/** Where a failure returns: the same, or nothing chosen when the rows chosen have all gone from the page. */
const BACK_FROM_A_FAILURE = [{ guard: 'isMatchingTarget', target: 'choosing.matching' }, { guard: 'hasChosen', target: 'choosing.some' }, { target: 'choosing.none' }] as const;

export const bulkSelectionMachine = setup({
  types: {
    input: {} as BulkSelectionInput,
    context: {} as BulkSelectionContext,
    events: {} as BulkSelectionEvent,
    emitted: {} as BulkSelectionEmitted,
  },
  actors: { applyBulk },
  guards: {
    isOtherList: ({ context }, key: string) => key !== context.listKey,
    hasChosenShown: ({ context }, ids: readonly string[]) => context.chosen.some((id) => ids.includes(id)),
    hasShown: ({ context }) => context.shown.length > 0,
    isLastChosen: ({ context }, id: string) => context.chosen.length === 1 && context.chosen[0] === id,
    isOnlyShown: ({ context }, id: string) => context.shown.length === 1 && context.shown[0] === id,
    isWholePageChosen: ({ context }) => context.shown.every((id) => context.chosen.includes(id)),
    /** Some of what the action is on is still there: every row that matches, or a chosen row still shown. */
    isStillChosen: ({ context }, ids: readonly string[]) => 'matching' in context.target || context.chosen.some((id) => ids.includes(id)),
    /** The action was on every row that matches. */
    isMatchingTarget: ({ context }) => 'matching' in context.target,
    /** Rows are still chosen (some may have gone from the page meanwhile). */
    hasChosen: ({ context }) => context.chosen.length > 0,
    /** Another list is shown than the one the action was asked on. */
    isListChanged: ({ context }) => context.listKey !== context.startedOn,
    isAsked: (_, asked: { ask: BulkQuestion; question: BulkQuestion }) => asked.ask === asked.question,
    isNoteBlank: ({ context }) => context.note.trim() === '',
    isNoteTooLong: ({ context }) => context.note.length > context.noteMax,
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
  },
  actions: {
    storeList: assign((_, shown: { ids: string[]; key: string }) => ({ shown: shown.ids, listKey: shown.key, chosen: [] })),
    storeShownKeepChosen: assign(({ context }, ids: string[]) => ({ shown: ids, chosen: context.chosen.filter((id) => ids.includes(id)) })),
    storeShown: assign((_, ids: string[]) => ({ shown: ids })),
    toggleChosen: assign(({ context }, id: string) => ({ chosen: toggled(context.chosen, id) })),
    /** From every row of the filter to the page's rows but this one. */
    chooseShownBut: assign(({ context }, id: string) => ({ chosen: context.shown.filter((one) => one !== id) })),
    choosePage: assign(({ context }) => ({ chosen: [...context.shown] })),
    clearChosen: assign({ chosen: [] }),
    storeAction: assign(({ context }, start: { action: string; target: BulkTarget; noteMax?: number | undefined }) => ({ action: start.action, target: start.target, startedOn: context.listKey, note: '', noteMax: start.noteMax ?? 0, outcome: null, problem: '' })),
    storeNote: assign((_, note: string) => ({ note })),
    storeOutcome: assign((_, outcome: BulkOutcome) => ({ outcome, chosen: [] })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    announceChange: emit({ type: 'list.changed' } as const),
    endSession: emit({ type: 'session.end' } as const),
  },
}).createMachine({
  id: 'bulkSelection',
  context: ({ input }) => ({ apply: input.apply, shown: input.ids, listKey: input.listKey, chosen: [], action: '', target: { ids: [] }, startedOn: input.listKey, note: '', noteMax: 0, outcome: null, problem: '' }),
  initial: 'choosing',
  states: {
    choosing: {
      initial: 'none',
      states: {
        none: {
          on: {
            'page.shown': { actions: { type: 'storeList', params: ({ event }) => event } },
            'choose.toggle': { target: 'some', actions: { type: 'toggleChosen', params: ({ event }) => event.id } },
            'choose.page': { guard: 'hasShown', target: 'some', actions: 'choosePage' },
          },
        },
        some: {
          tags: ['chosen'],
          on: {
            'page.shown': [
              { guard: { type: 'isOtherList', params: ({ event }) => event.key }, target: 'none', actions: { type: 'storeList', params: ({ event }) => event } },
              { guard: { type: 'hasChosenShown', params: ({ event }) => event.ids }, actions: { type: 'storeShownKeepChosen', params: ({ event }) => event.ids } },
              { target: 'none', actions: { type: 'storeList', params: ({ event }) => event } },
            ],
            'choose.toggle': [
              { guard: { type: 'isLastChosen', params: ({ event }) => event.id }, target: 'none', actions: 'clearChosen' },
              { actions: { type: 'toggleChosen', params: ({ event }) => event.id } },
            ],
            'choose.page': [{ guard: 'isWholePageChosen', target: 'none', actions: 'clearChosen' }, { actions: 'choosePage' }],
            'choose.matching': { guard: 'isWholePageChosen', target: 'matching', actions: 'clearChosen' },
            'choose.none': { target: 'none', actions: 'clearChosen' },
            'action.start': [
              { guard: { type: 'isAsked', params: ({ event }) => ({ ask: event.ask, question: 'confirm' }) }, target: '#bulkSelection.confirming', actions: { type: 'storeAction', params: ({ context, event }) => ({ action: event.action, target: { ids: context.chosen }, noteMax: event.noteMax }) } },
              { guard: { type: 'isAsked', params: ({ event }) => ({ ask: event.ask, question: 'note' }) }, target: '#bulkSelection.noting', actions: { type: 'storeAction', params: ({ context, event }) => ({ action: event.action, target: { ids: context.chosen }, noteMax: event.noteMax }) } },
              { target: '#bulkSelection.applying', actions: { type: 'storeAction', params: ({ context, event }) => ({ action: event.action, target: { ids: context.chosen }, noteMax: event.noteMax }) } },
            ],
          },
        },
        /** Every row of the list's filter, on every page. */
        matching: {
          tags: ['chosen'],
          on: {
            'page.shown': [
              { guard: { type: 'isOtherList', params: ({ event }) => event.key }, target: 'none', actions: { type: 'storeList', params: ({ event }) => event } },
              { actions: { type: 'storeShown', params: ({ event }) => event.ids } },
            ],
            'choose.toggle': [
              { guard: { type: 'isOnlyShown', params: ({ event }) => event.id }, target: 'none', actions: 'clearChosen' },
              { target: 'some', actions: { type: 'chooseShownBut', params: ({ event }) => event.id } },
            ],
            'choose.page': { target: 'none', actions: 'clearChosen' },
            'choose.none': { target: 'none', actions: 'clearChosen' },
            'action.start': [
              { guard: { type: 'isAsked', params: ({ event }) => ({ ask: event.ask, question: 'confirm' }) }, target: '#bulkSelection.confirming', actions: { type: 'storeAction', params: ({ context, event }) => ({ action: event.action, target: { matching: true as const, list: context.listKey }, noteMax: event.noteMax }) } },
              { guard: { type: 'isAsked', params: ({ event }) => ({ ask: event.ask, question: 'note' }) }, target: '#bulkSelection.noting', actions: { type: 'storeAction', params: ({ context, event }) => ({ action: event.action, target: { matching: true as const, list: context.listKey }, noteMax: event.noteMax }) } },
              { target: '#bulkSelection.applying', actions: { type: 'storeAction', params: ({ context, event }) => ({ action: event.action, target: { matching: true as const, list: context.listKey }, noteMax: event.noteMax }) } },
            ],
          },
        },
      },
    },
    /** An action that records why, asked with its note; a blank note is refused beside its field. */
    noting: {
      tags: ['chosen'],
      initial: 'writing',
      states: {
        writing: {},
        missing: {},
        tooLong: {},
      },
      on: {
        'page.shown': [
          { guard: { type: 'isOtherList', params: ({ event }) => event.key }, target: 'choosing.none', actions: { type: 'storeList', params: ({ event }) => event } },
          { guard: { type: 'isStillChosen', params: ({ event }) => event.ids }, actions: { type: 'storeShownKeepChosen', params: ({ event }) => event.ids } },
          { target: 'choosing.none', actions: { type: 'storeList', params: ({ event }) => ({ ids: event.ids, key: event.key }) } },
        ],
        'note.change': { actions: { type: 'storeNote', params: ({ event }) => event.value } },
        'action.confirm': [{ guard: 'isNoteBlank', target: '.missing' }, { guard: 'isNoteTooLong', target: '.tooLong' }, { target: 'applying' }],
        'action.cancel': BACK_TO_THE_CHOICE,
      },
    },
    /** An action that cannot be undone, asked again. */
    confirming: {
      tags: ['chosen'],
      on: {
        'page.shown': [
          { guard: { type: 'isOtherList', params: ({ event }) => event.key }, target: 'choosing.none', actions: { type: 'storeList', params: ({ event }) => event } },
          { guard: { type: 'isStillChosen', params: ({ event }) => event.ids }, actions: { type: 'storeShownKeepChosen', params: ({ event }) => event.ids } },
          { target: 'choosing.none', actions: { type: 'storeList', params: ({ event }) => ({ ids: event.ids, key: event.key }) } },
        ],
        'action.confirm': 'applying',
        'action.cancel': BACK_TO_THE_CHOICE,
      },
    },
    /** The request is out; a list shown meanwhile is taken in (the action stays on what it was asked of). */
    applying: {
      tags: ['chosen', 'busy'],
      on: {
        'page.shown': [
          { guard: { type: 'isOtherList', params: ({ event }) => event.key }, actions: { type: 'storeList', params: ({ event }) => event } },
          { actions: { type: 'storeShownKeepChosen', params: ({ event }) => event.ids } },
        ],
      },
      invoke: {
        id: 'applyBulk',
        src: 'applyBulk',
        input: ({ context }) => ({ apply: context.apply, action: context.action, target: context.target, note: context.note }),
        onDone: { target: 'choosing.none', actions: [{ type: 'storeOutcome', params: ({ event }) => event.output }, 'announceChange'] },
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      tags: ['chosen'],
      on: {
        'page.shown': [
          { guard: { type: 'isOtherList', params: ({ event }) => event.key }, actions: { type: 'storeList', params: ({ event }) => event } },
          { actions: { type: 'storeShownKeepChosen', params: ({ event }) => event.ids } },
        ],
        // Try again: the same action on what it was asked of.
        'action.retry': 'applying',
        // Back to the choice, unless the list shown is another by now (nothing of it is chosen).
        'problem.dismiss': [{ guard: 'isListChanged', target: 'choosing.none', actions: 'clearChosen' }, ...BACK_FROM_A_FAILURE],
      },
    },
    signedOut: {
      entry: 'endSession',
    },
  },
});
