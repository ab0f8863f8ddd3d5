// The pictures an image picker offers (src/views/media-library/image-picker.view.tsx, for the
// content editor's picture fields): the media library's list, read once.
//  - loading → ready, or failed (try again); a session that ended → signedOut (the page's
//    onSessionEnded). The chosen key is the form's, not this machine's.
import { assign, emit, setup } from 'xstate';
import { loadMedia } from '../../services/media-library/media-library.actors.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { MediaItem, MediaListAnswer } from '../../validation/media-library/media-library.protocol.ts';
import { failureOf, failureText, isSignedOut, type Failure } from '../shared/console-failure.ts';

export interface MediaChoicesInput {
  api: ConsoleApi;
}

export interface MediaChoicesContext {
  api: ConsoleApi;
  pictures: MediaItem[];
  problem: string | null;
}

export type MediaChoicesEvent = { type: 'list.retry' };

export const mediaChoicesMachine = setup({
  types: {
    input: {} as MediaChoicesInput,
    context: {} as MediaChoicesContext,
    events: {} as MediaChoicesEvent,
    emitted: {} as { type: 'session.ended' },
  },
  actors: { loadMedia },
  guards: { isSignedOut },
  actions: {
    storePictures: assign((_, answer: MediaListAnswer) => ({ pictures: answer.pictures, problem: null })),
    storeProblem: assign((_, failure: Failure) => ({ problem: failureText(failure) })),
    endSession: emit({ type: 'session.ended' } as const),
  },
}).createMachine({
  id: 'mediaChoices',
  context: ({ input }) => ({ api: input.api, pictures: [], problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMedia',
        src: 'loadMedia',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'ready', actions: { type: 'storePictures', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'storeProblem', params: failureOf } },
        ],
      },
    },
    ready: {},
    failed: {
      on: { 'list.retry': 'loading' },
    },
    signedOut: {
      type: 'final',
      entry: 'endSession',
    },
  },
});
