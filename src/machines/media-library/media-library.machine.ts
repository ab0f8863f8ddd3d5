// The console's pictures page (README.md, "Pictures in the console"): every picture, the
// build's and the uploaded, with its thumbnail, size, alternative text and where content uses
// it, and what the uploads take of the space the server keeps for them (MEDIA_MAX_BYTES);
// deletion of an upload by an owner.
//  - loading → ready, or failed (try again); a session that ended → signedOut (the shell signs in)
//  - ready.idle; `list.reload` (a picture was uploaded) → ready.refreshing → idle
//  - picture.delete → confirming (names the picture) → deleting → ready.deleted (the list read
//    again) or ready.refused (the server's words: in use says where); delete.cancel → idle
import { assertEvent, assign, emit, setup } from 'xstate';
import { loadMedia, removePicture } from '../../services/media-library/media-library.actors.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { MediaItem, MediaListAnswer, MediaStorage, MediaUse } from '../../validation/media-library/media-library.protocol.ts';
import { failureOf, failureText, isSignedOut, type Failure } from '../shared/console-failure.ts';

export interface MediaLibraryInput {
  api: ConsoleApi;
}

export interface MediaLibraryContext {
  api: ConsoleApi;
  pictures: MediaItem[];
  /** What the uploads take and may take, as last listed; null until the list is read. */
  storage: MediaStorage | null;
  mayUpload: boolean;
  /** The picture being deleted, or just deleted or refused. */
  picture: MediaItem | null;
  /** What went wrong, in words. */
  problem: string | null;
}

export type MediaLibraryEvent =
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'picture.delete'; key: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type MediaLibraryEmitted = { type: 'session.ended' };

/** Where a picture is used, as the owner reads it: "about (image), hero (slides[1].image)". */
export const usesText = (uses: readonly MediaUse[]): string => uses.map((use) => `${use.document} (${use.path})`).join(', ');

export const mediaLibraryMachine = setup({
  types: {
    input: {} as MediaLibraryInput,
    context: {} as MediaLibraryContext,
    events: {} as MediaLibraryEvent,
    emitted: {} as MediaLibraryEmitted,
  },
  actors: { loadMedia, removePicture },
  guards: {
    isSignedOut,
    isDeletablePicture: ({ context, event }) => event.type === 'picture.delete' && context.pictures.some((picture) => picture.key === event.key && picture.source === 'upload'),
  },
  actions: {
    storeList: assign((_, answer: MediaListAnswer) => ({ pictures: answer.pictures, storage: answer.storage, mayUpload: answer.mayUpload })),
    choosePicture: assign(({ context, event }) => {
      assertEvent(event, 'picture.delete');
      return { picture: context.pictures.find((picture) => picture.key === event.key) ?? null, problem: null };
    }),
    storeProblem: assign((_, failure: Failure) => ({ problem: failureText(failure) })),
    endSession: emit({ type: 'session.ended' } as const),
    logError: (_, failure: Failure) => console.error(failure.error),
  },
}).createMachine({
  id: 'mediaLibrary',
  context: ({ input }) => ({ api: input.api, pictures: [], storage: null, mayUpload: false, picture: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMedia',
        src: 'loadMedia',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'shown', actions: { type: 'storeList', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    failed: {
      on: { 'list.retry': 'loading' },
    },
    shown: {
      initial: 'ready',
      states: {
        ready: {
          initial: 'idle',
          on: {
            'list.reload': '.refreshing',
            'picture.delete': { guard: 'isDeletablePicture', target: 'confirming', actions: 'choosePicture' },
          },
          states: {
            idle: {},
            /** A picture was uploaded: the list is read again (a failure keeps the list shown). */
            refreshing: {
              invoke: {
                id: 'loadMedia',
        src: 'loadMedia',
        input: ({ context }) => ({ api: context.api }),
                onDone: { target: 'idle', actions: { type: 'storeList', params: ({ event }) => event.output } },
                onError: [{ guard: { type: 'isSignedOut', params: failureOf }, target: '#mediaLibrary.signedOut' }, { target: 'idle', actions: { type: 'logError', params: failureOf } }],
              },
            },
            deleted: {
              invoke: {
                id: 'loadMedia',
        src: 'loadMedia',
        input: ({ context }) => ({ api: context.api }),
                onDone: { actions: { type: 'storeList', params: ({ event }) => event.output } },
                onError: [{ guard: { type: 'isSignedOut', params: failureOf }, target: '#mediaLibrary.signedOut' }, { actions: { type: 'logError', params: failureOf } }],
              },
            },
            refused: {},
          },
        },
        /** "Delete <key>? Its files go too." */
        confirming: {
          on: { 'delete.confirm': 'deleting', 'delete.cancel': 'ready.idle' },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'removePicture',
            src: 'removePicture',
            input: ({ context }) => ({ api: context.api, key: context.picture?.key ?? '' }),
            onDone: 'ready.deleted',
            onError: [
              { guard: { type: 'isSignedOut', params: failureOf }, target: '#mediaLibrary.signedOut' },
              { target: 'ready.refused', actions: { type: 'storeProblem', params: failureOf } },
            ],
          },
        },
      },
    },
    /** The session ended: the shell goes back to sign-in. */
    signedOut: {
      type: 'final',
      entry: 'endSession',
    },
  },
});
