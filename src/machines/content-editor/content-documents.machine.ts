// The console's documents page (`#/content`, README.md "Editing the site"): loading → shown (every
// document by group with its live revision), or failed (why, and Try again); a signed-out
// answer ends the session.
import { assign, emit, setup } from 'xstate';
import { listDocuments } from '../../services/content-editor/content-editor.actors.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { DocumentListAnswer } from '../../validation/content-editor/content-editor.protocol.ts';

export interface ContentDocumentsInput {
  api: ConsoleApi;
}

export interface ContentDocumentsContext extends ContentDocumentsInput {
  list: DocumentListAnswer | null;
  problem: string;
}

export type ContentDocumentsEvent = { type: 'documents.reload' };

export const contentDocumentsMachine = setup({
  types: {
    input: {} as ContentDocumentsInput,
    context: {} as ContentDocumentsContext,
    events: {} as ContentDocumentsEvent,
    emitted: {} as { type: 'session.end' },
  },
  actors: { listDocuments },
  guards: {
    isSignedOut: (_, { error }: { error: unknown }) => error instanceof ConsoleApiError && error.isSignedOut,
  },
  actions: {
    storeList: assign((_, list: DocumentListAnswer) => ({ list, problem: '' })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({ problem: error instanceof Error ? error.message : String(error) })),
    endSession: emit({ type: 'session.end' } as const),
  },
}).createMachine({
  id: 'contentDocuments',
  context: ({ input }) => ({ ...input, list: null, problem: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'listDocuments',
        src: 'listDocuments',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'shown', actions: { type: 'storeList', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: {},
    failed: { on: { 'documents.reload': 'loading' } },
    signedOut: { entry: 'endSession' },
  },
});
