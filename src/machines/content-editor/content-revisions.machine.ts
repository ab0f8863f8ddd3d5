// A document's revisions (`#/content/<name>/revisions`, README.md "Editing the site"): the list,
// newest first; "Compare with the previous" loads a revision and the one before it and shows
// what changed, field by field (validation/content-editor/document-diff.ts); "Restore" asks
// first, then publishes that revision's document again as a new revision, from the live
// revision the list showed: if someone published since, the conflict is shown (reload the
// list, or restore over theirs). Restored: the list again, saying which revision is live.
import { assign, emit, setup } from 'xstate';
import type { DocumentName } from '../../../content/document-names.ts';
import { conflictOf } from '../../services/content-editor/content-editor-api.client.ts';
import { fetchRevisionPair, fetchRevisions, restoreRevision } from '../../services/content-editor/content-editor.actors.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../validation/console/console-api.ts';
import {
  CONTENT_ERROR,
  type DocumentAnswer,
  type DocumentSummary,
  type PublishAnswer,
  type RevisionListAnswer,
  type RevisionSummary,
} from '../../validation/content-editor/content-editor.protocol.ts';

export interface ContentRevisionsInput {
  api: ConsoleApi;
  name: DocumentName;
}

export interface ContentRevisionsContext extends ContentRevisionsInput {
  revisions: RevisionSummary[];
  /** The revision compared or restored. */
  selected: number | null;
  pair: { revision: DocumentAnswer; previous: DocumentAnswer | null } | null;
  /** The live revision a restore starts from (after "restore over theirs", theirs). */
  baseRevision: number;
  conflict: DocumentSummary | null;
  restored: PublishAnswer | null;
  problem: string;
}

export type ContentRevisionsEvent =
  | { type: 'revisions.reload' }
  | { type: 'compare.open'; revision: number }
  | { type: 'compare.close' }
  | { type: 'restore.start'; revision: number }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' }
  | { type: 'conflict.loadTheirs' }
  | { type: 'conflict.keepMine' };

export type ContentRevisionsEmitted = { type: 'session.end' } | { type: 'focus.status' } | { type: 'focus.confirm' };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The revision listed after `revision` (the one before it in time), or null for the oldest. */
export const previousOf = (revisions: readonly RevisionSummary[], revision: number | null): number | null => {
  const index = revisions.findIndex((item) => item.revision === revision);
  return index === -1 ? null : (revisions[index + 1]?.revision ?? null);
};

const chosen = {
  'compare.open': { guard: { type: 'isListed', params: ({ event }: { event: { revision: number } }) => ({ revision: event.revision }) }, target: '#contentRevisions.listed.comparing', actions: { type: 'select', params: ({ event }: { event: { revision: number } }) => ({ revision: event.revision }) } },
  'restore.start': { guard: { type: 'isRestorable', params: ({ event }: { event: { revision: number } }) => ({ revision: event.revision }) }, target: '#contentRevisions.listed.confirming', actions: { type: 'select', params: ({ event }: { event: { revision: number } }) => ({ revision: event.revision }) } },
} as const;

export const contentRevisionsMachine = setup({
  types: {
    input: {} as ContentRevisionsInput,
    context: {} as ContentRevisionsContext,
    events: {} as ContentRevisionsEvent,
    emitted: {} as ContentRevisionsEmitted,
  },
  actors: { fetchRevisions, fetchRevisionPair, restoreRevision },
  guards: {
    isListed: ({ context }, { revision }: { revision: number }) => context.revisions.some((item) => item.revision === revision),
    /** Any revision but the live one can be made live again. */
    isRestorable: ({ context }, { revision }: { revision: number }) => context.revisions.some((item) => item.revision === revision && !item.live),
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
    isUnknown: (_, { error }: { error: unknown }) =>
      error instanceof ConsoleApiError && (error.code === CONTENT_ERROR.unknownDocument || error.code === CONSOLE_REFUSAL.notFound),
    isConflict: (_, { error }: { error: unknown }) => conflictOf(error) !== null,
  },
  actions: {
    storeRevisions: assign((_, { revisions }: RevisionListAnswer) => ({
      revisions,
      baseRevision: revisions.find((item) => item.live)?.revision ?? 0,
      problem: '',
    })),
    select: assign((_, { revision }: { revision: number }) => ({ selected: revision, pair: null, problem: '' })),
    storePair: assign((_, pair: NonNullable<ContentRevisionsContext['pair']>) => ({ pair })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    storeConflict: assign((_, { error }: { error: unknown }) => ({ conflict: conflictOf(error) })),
    rebase: assign(({ context }) => ({ baseRevision: context.conflict?.revision ?? context.baseRevision })),
    storeRestored: assign((_, restored: PublishAnswer) => ({ restored, conflict: null })),
    endSession: emit({ type: 'session.end' } as const),
    focusStatus: emit({ type: 'focus.status' } as const),
    focusConfirm: emit({ type: 'focus.confirm' } as const),
  },
}).createMachine({
  id: 'contentRevisions',
  context: ({ input }) => ({ ...input, revisions: [], selected: null, pair: null, baseRevision: 0, conflict: null, restored: null, problem: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchRevisions',
        src: 'fetchRevisions',
        input: ({ context }) => ({ api: context.api, name: context.name }),
        onDone: { target: 'listed', actions: { type: 'storeRevisions', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: errorParams }, target: 'signedOut' },
          { guard: { type: 'isUnknown', params: errorParams }, target: 'missing' },
          { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
        ],
      },
    },
    failed: { on: { 'revisions.reload': 'loading' } },
    missing: {},
    signedOut: { entry: 'endSession' },
    /** Restored: the list again, with the new live revision. */
    restored: {
      tags: ['busy'],
      invoke: {
        id: 'fetchRevisions',
        src: 'fetchRevisions',
        input: ({ context }) => ({ api: context.api, name: context.name }),
        onDone: { target: 'listed.restored', actions: { type: 'storeRevisions', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: errorParams }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
        ],
      },
    },
    listed: {
      initial: 'idle',
      states: {
        idle: { on: chosen },
        /** "Revision 7 is live again, as revision 9." */
        restored: { entry: 'focusStatus', on: chosen },
        comparing: {
          tags: ['busy'],
          invoke: {
            id: 'fetchRevisionPair',
            src: 'fetchRevisionPair',
            input: ({ context }) => ({ api: context.api, name: context.name, revision: context.selected ?? 0, previous: previousOf(context.revisions, context.selected) }),
            onDone: { target: 'compared', actions: { type: 'storePair', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isSignedOut', params: errorParams }, target: '#contentRevisions.signedOut' },
              { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
            ],
          },
        },
        compared: { entry: 'focusStatus', on: { ...chosen, 'compare.close': 'idle' } },
        /** Why comparing or restoring failed; the list again. */
        failed: { entry: 'focusStatus', on: chosen },
        confirming: {
          entry: 'focusConfirm',
          on: { 'restore.confirm': 'restoring', 'restore.cancel': 'idle' },
        },
        restoring: {
          tags: ['busy'],
          invoke: {
            id: 'restoreRevision',
            src: 'restoreRevision',
            input: ({ context }) => ({ api: context.api, name: context.name, revision: context.selected ?? 0, baseRevision: context.baseRevision }),
            onDone: { target: '#contentRevisions.restored', actions: { type: 'storeRestored', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isSignedOut', params: errorParams }, target: '#contentRevisions.signedOut' },
              { guard: { type: 'isConflict', params: errorParams }, target: 'conflict', actions: { type: 'storeConflict', params: errorParams } },
              { target: 'failed', actions: { type: 'storeProblem', params: errorParams } },
            ],
          },
        },
        conflict: {
          entry: 'focusStatus',
          on: {
            'conflict.loadTheirs': '#contentRevisions.loading',
            'conflict.keepMine': { target: 'confirming', actions: 'rebase' },
          },
        },
      },
    },
  },
});
