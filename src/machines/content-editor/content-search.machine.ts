// Find and replace across the site's content (`#/content/search?text=…`, README.md "Editing the
// site"). The owner writes a text and searches: every place it is in the live documents is
// listed, by document, each with its field and a link to edit it there. "Replace in all" takes a
// replacement, shows every change before anything is done (the preview), then publishes one
// revision of each document with one note. A document published since the search is a conflict
// (search again: the list is what would be changed); a replacement that would break a field is
// refused with each field named, nothing stored. The search's text is kept in the address.
import { assign, emit, setup } from 'xstate';
import { conflictOf, replaceProblemsOf } from '../../services/content-editor/content-editor-api.client.ts';
import { replaceContent, searchContent } from '../../services/content-editor/content-editor.actors.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { contentSearchHash } from '../../validation/console/console-hashes.ts';
import type { DocumentSummary, ReplaceAnswer, ReplaceProblem, SearchAnswer } from '../../validation/content-editor/content-editor.protocol.ts';

export interface ContentSearchInput {
  api: ConsoleApi;
  /** The text in the address ('' for none): searched at once. */
  text: string;
}

export interface ContentSearchContext {
  api: ConsoleApi;
  /** The find field, as typed. */
  text: string;
  /** The replace field, as typed. */
  replacement: string;
  /** The note field, as typed ('' : the server writes one). */
  note: string;
  /** The last search's answer (what a replacement changes). */
  found: SearchAnswer | null;
  replaced: ReplaceAnswer | null;
  /** The fields a refused replacement would break. */
  problems: ReplaceProblem[];
  conflict: DocumentSummary | null;
  problem: string;
}

export type ContentSearchEvent =
  | { type: 'text.change'; value: string }
  | { type: 'replacement.change'; value: string }
  | { type: 'note.change'; value: string }
  /** The address's text changed (back, forward, a link). */
  | { type: 'search.address'; text: string }
  | { type: 'search.submit' }
  | { type: 'search.again' }
  | { type: 'replace.preview' }
  | { type: 'replace.confirm' }
  | { type: 'replace.cancel' };

export type ContentSearchEmitted =
  | { type: 'session.end' }
  | { type: 'address.change'; hash: string }
  | { type: 'focus.status' }
  | { type: 'focus.text' }
  | { type: 'focus.replacement' }
  | { type: 'focus.preview' };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const valueParams = ({ event }: { event: { value: string } }) => ({ value: event.value });

/** "Search" from any state at rest: the text, or the error beside the find field. */
const submit = [
  { guard: 'hasText', target: '#contentSearch.searching' },
  // Entered again from itself: each "Search" with nothing moves the focus to the field.
  { target: '#contentSearch.textMissing', reenter: true },
] as const;

export const contentSearchMachine = setup({
  types: {
    input: {} as ContentSearchInput,
    context: {} as ContentSearchContext,
    events: {} as ContentSearchEvent,
    emitted: {} as ContentSearchEmitted,
  },
  actors: { searchContent, replaceContent },
  guards: {
    /** Something to find: spaces alone are not (the server refuses them too). */
    hasText: ({ context }) => context.text.trim() !== '',
    isNewAddress: ({ context }, { text }: { text: string }) => text.trim() !== '' && text !== context.found?.text,
    hasPlaces: (_, { count }: { count: number }) => count > 0,
    /** A replacement that is the text found changes nothing. */
    isSameText: ({ context }) => context.replacement === context.found?.text,
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
    isConflict: (_, { error }: { error: unknown }) => conflictOf(error) !== null,
    isRefused: (_, { error }: { error: unknown }) => replaceProblemsOf(error).length > 0,
  },
  actions: {
    storeText: assign((_, { value }: { value: string }) => ({ text: value })),
    storeReplacement: assign((_, { value }: { value: string }) => ({ replacement: value })),
    storeNote: assign((_, { value }: { value: string }) => ({ note: value })),
    storeFound: assign((_, found: SearchAnswer) => ({ found, problems: [], conflict: null, problem: '' })),
    storeReplaced: assign((_, replaced: ReplaceAnswer) => ({ replaced, note: '' })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    storeProblems: assign((_, { error }: { error: unknown }) => ({ problems: replaceProblemsOf(error), problem: error instanceof Error ? error.message : String(error) })),
    storeConflict: assign((_, { error }: { error: unknown }) => ({ conflict: conflictOf(error), problem: error instanceof Error ? error.message : String(error) })),
    /** The search again: the text last searched (after a replacement, what is left of it). */
    searchFoundAgain: assign(({ context }) => ({ text: context.found?.text ?? context.text })),
    writeAddress: emit(({ context }) => ({ type: 'address.change', hash: contentSearchHash(context.text) }) as const),
    endSession: emit({ type: 'session.end' } as const),
    focusStatus: emit({ type: 'focus.status' } as const),
    focusText: emit({ type: 'focus.text' } as const),
    focusReplacement: emit({ type: 'focus.replacement' } as const),
    focusPreview: emit({ type: 'focus.preview' } as const),
  },
}).createMachine({
  id: 'contentSearch',
  context: ({ input }) => ({ api: input.api, text: input.text, replacement: '', note: '', found: null, replaced: null, problems: [], conflict: null, problem: '' }),
  initial: 'start',
  on: {
    // The fields take typing in every state; what was searched is the answer's own text.
    'text.change': { actions: { type: 'storeText', params: valueParams } },
    'note.change': { actions: { type: 'storeNote', params: valueParams } },
    'replacement.change': { actions: { type: 'storeReplacement', params: valueParams } },
    'search.address': { guard: { type: 'isNewAddress', params: ({ event }) => ({ text: event.text }) }, target: '.searching', actions: { type: 'storeText', params: ({ event }) => ({ value: event.text }) } },
  },
  states: {
    /** Opened with a text in the address: searched at once. */
    start: { always: [{ guard: 'hasText', target: 'searching' }, { target: 'idle' }] },
    idle: { on: { 'search.submit': submit } },
    /** "Search" with nothing written: the error is beside the field. */
    textMissing: { entry: 'focusText', on: { 'search.submit': submit } },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'searchContent',
        src: 'searchContent',
        input: ({ context }) => ({ api: context.api, text: context.text }),
        onDone: [
          { guard: { type: 'hasPlaces', params: ({ event }) => ({ count: event.output.count }) }, target: 'found', actions: [{ type: 'storeFound', params: ({ event }) => event.output }, 'writeAddress'] },
          { target: 'nothingFound', actions: [{ type: 'storeFound', params: ({ event }) => event.output }, 'writeAddress'] },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: errorParams }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
        ],
      },
    },
    failed: { entry: 'focusStatus', on: { 'search.submit': submit } },
    signedOut: { entry: 'endSession' },
    /** The text is in no live document. */
    nothingFound: { entry: 'focusStatus', on: { 'search.submit': submit } },
    /** Replaced: which documents, as which revisions; "Search again" shows what is left. */
    replaced: { entry: 'focusStatus', on: { 'search.submit': submit, 'search.again': { target: 'searching', actions: 'searchFoundAgain' } } },
    found: {
      entry: 'focusStatus',
      initial: 'listed',
      on: { 'search.submit': submit },
      states: {
        // The replace form is offered only to a person who may publish (found.canEdit); the server checks it too.
        listed: { on: { 'replace.preview': [{ guard: 'isSameText', target: 'sameText' }, { target: 'previewing' }] } },
        /** The replacement is the text found: the error is beside the replace field. */
        sameText: { entry: 'focusReplacement', on: { 'replace.preview': [{ guard: 'isSameText', target: 'sameText', reenter: true }, { target: 'previewing' }] } },
        /** Every change, before anything is done; the note; confirm or cancel. */
        previewing: {
          entry: 'focusPreview',
          on: {
            'replace.confirm': 'replacing',
            'replace.cancel': 'listed',
            // A changed replacement is not the one previewed.
            'replacement.change': { target: 'listed', actions: { type: 'storeReplacement', params: valueParams } },
          },
        },
        replacing: {
          tags: ['busy'],
          invoke: {
            id: 'replaceContent',
            src: 'replaceContent',
            input: ({ context }) => ({
              api: context.api,
              text: context.found?.text ?? '',
              replacement: context.replacement,
              note: context.note,
              documents: (context.found?.documents ?? []).map(({ name, revision }) => ({ name, revision })),
            }),
            onDone: { target: '#contentSearch.replaced', actions: { type: 'storeReplaced', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isSignedOut', params: errorParams }, target: '#contentSearch.signedOut' },
              { guard: { type: 'isConflict', params: errorParams }, target: 'conflict', actions: { type: 'storeConflict', params: errorParams } },
              { guard: { type: 'isRefused', params: errorParams }, target: 'refused', actions: { type: 'storeProblems', params: errorParams } },
              { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
            ],
          },
        },
        /** A listed document was published since the search: nothing was changed; search again. */
        conflict: { entry: 'focusStatus', on: { 'search.again': { target: '#contentSearch.searching', actions: 'searchFoundAgain' } } },
        /** The replacement would break these fields: nothing was changed; another replacement may be previewed. */
        refused: {
          entry: 'focusStatus',
          on: {
            // The same replacement again (a field may have been fixed meanwhile); a changed one is a new question.
            'replace.preview': 'previewing',
            'replacement.change': { target: 'listed', actions: { type: 'storeReplacement', params: valueParams } },
          },
        },
        /** The request failed: nothing is known to be changed; try again or cancel. */
        failed: { entry: 'focusStatus', on: { 'replace.confirm': 'replacing', 'replace.cancel': 'listed' } },
      },
    },
  },
});
