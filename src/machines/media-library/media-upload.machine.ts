// The media library's upload form (README.md, "Pictures in the console"): a picture, its
// alternative text (required) and, if wanted, its key (else the file's name makes it).
//  - editing: idle → (upload.submit) the fields are checked in the browser with the server's
//    own rules (media-library.protocol.ts): a problem → invalid (beside each field and in the
//    error summary, which takes the focus); none → uploading
//  - uploading → uploaded (the form emptied for the next; `picture.uploaded` tells the page),
//    or a refusal of a field (the type read from the content, the size, too many pixels, the
//    library's quota, a server busy encoding others, a key taken) → invalid with the server's
//    words beside that field, or failed (in words; send again), or signedOut
import { assertEvent, assign, emit, setup } from 'xstate';
import { sendUpload } from '../../services/media-library/media-library.actors.ts';
import { ConsoleApiError, type ConsoleApi } from '../../services/shared/console-api.client.ts';
import {
  altProblem,
  FILE_MISSING,
  FILE_TOO_LARGE,
  keyProblem,
  MEDIA_FILE_MAX_BYTES,
  UPLOAD_FIELD,
  type MediaItem,
  type UploadField,
} from '../../validation/media-library/media-library.protocol.ts';
import { failureOf, failureText, isSignedOut, type Failure } from '../shared/console-failure.ts';

export interface MediaUploadInput {
  api: ConsoleApi;
}

export type UploadErrors = Partial<Record<UploadField, string>>;

export interface MediaUploadContext {
  api: ConsoleApi;
  file: File | null;
  alt: string;
  key: string;
  /** The messages beside the fields (and in the summary); empty while fine. */
  errors: UploadErrors;
  /** The picture just uploaded. */
  picture: MediaItem | null;
  /** What went wrong, in words, when no field is to blame. */
  problem: string | null;
  /** Counts uploads: a new count gives the form a fresh, empty file input. */
  uploads: number;
}

export type MediaUploadEvent =
  | { type: 'upload.file'; file: File | null }
  | { type: 'upload.alt'; value: string }
  | { type: 'upload.key'; value: string }
  | { type: 'upload.submit' };

export type MediaUploadEmitted = { type: 'focus.summary' } | { type: 'picture.uploaded'; picture: MediaItem } | { type: 'session.ended' };

/** The file's problem in the browser: none chosen, or larger than the server takes (its type is the server's to read). */
export function fileProblem(file: File | null): string | null {
  if (file === null) return FILE_MISSING;
  return file.size > MEDIA_FILE_MAX_BYTES ? FILE_TOO_LARGE : null;
}

/** Every field's problem under the shared rules, in the form's order. */
export function uploadProblems(context: Pick<MediaUploadContext, 'file' | 'alt' | 'key'>): UploadErrors {
  const problems: UploadErrors = {};
  const file = fileProblem(context.file);
  const alt = altProblem(context.alt);
  const key = keyProblem(context.key);
  if (file !== null) problems.file = file;
  if (alt !== null) problems.alt = alt;
  if (key !== null) problems.key = key;
  return problems;
}

const FIELDS: readonly string[] = Object.values(UPLOAD_FIELD);

/** A refusal the server pinned on one field (400 with `data.field`, 409 key taken, 413, 415, 422, 503 busy). */
const fieldOf = (failure: Failure): UploadField | null =>
  failure.error instanceof ConsoleApiError && failure.error.field !== undefined && FIELDS.includes(failure.error.field) ? (failure.error.field as UploadField) : null;

export const mediaUploadMachine = setup({
  types: {
    input: {} as MediaUploadInput,
    context: {} as MediaUploadContext,
    events: {} as MediaUploadEvent,
    emitted: {} as MediaUploadEmitted,
  },
  actors: { sendUpload },
  guards: {
    isSignedOut,
    hasProblems: ({ context }) => Object.keys(uploadProblems(context)).length > 0,
    isFieldRefusal: (_, failure: Failure) => fieldOf(failure) !== null,
  },
  actions: {
    // The errors shown stay until the next submit checks again.
    storeFile: assign(({ event }) => {
      assertEvent(event, 'upload.file');
      return { file: event.file };
    }),
    storeAlt: assign(({ event }) => {
      assertEvent(event, 'upload.alt');
      return { alt: event.value };
    }),
    storeKey: assign(({ event }) => {
      assertEvent(event, 'upload.key');
      return { key: event.value };
    }),
    showProblems: assign(({ context }) => ({ errors: uploadProblems(context) })),
    focusSummary: emit({ type: 'focus.summary' } as const),
    startUpload: assign({ errors: {}, problem: null, picture: null }),
    storePicture: assign(({ context }, picture: MediaItem) => ({ picture, file: null, alt: '', key: '', uploads: context.uploads + 1 })),
    announcePicture: emit((_, picture: MediaItem) => ({ type: 'picture.uploaded' as const, picture })),
    showRefusal: assign((_, failure: Failure) => ({ errors: { [fieldOf(failure) ?? UPLOAD_FIELD.file]: failureText(failure) } })),
    storeProblem: assign((_, failure: Failure) => ({ problem: failureText(failure) })),
    endSession: emit({ type: 'session.ended' } as const),
  },
}).createMachine({
  id: 'mediaUpload',
  context: ({ input }) => ({ api: input.api, file: null, alt: '', key: '', errors: {}, picture: null, problem: null, uploads: 0 }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'upload.file': { actions: 'storeFile' },
        'upload.alt': { actions: 'storeAlt' },
        'upload.key': { actions: 'storeKey' },
        'upload.submit': [
          { guard: 'hasProblems', target: '.invalid', actions: ['showProblems', 'focusSummary'] },
          { target: 'uploading' },
        ],
      },
      states: {
        idle: {},
        /** Each problem beside its field and in the summary, until the next submit. */
        invalid: {},
        uploaded: {},
        failed: {},
      },
    },
    uploading: {
      tags: ['busy'],
      entry: 'startUpload',
      invoke: {
        id: 'sendUpload',
        src: 'sendUpload',
        input: ({ context }) => ({ api: context.api, upload: { file: context.file!, alt: context.alt, key: context.key } }),
        onDone: {
          target: 'editing.uploaded',
          actions: [
            { type: 'storePicture', params: ({ event }) => event.output },
            { type: 'announcePicture', params: ({ event }) => event.output },
          ],
        },
        onError: [
          { guard: { type: 'isSignedOut', params: failureOf }, target: 'signedOut' },
          { guard: { type: 'isFieldRefusal', params: failureOf }, target: 'editing.invalid', actions: [{ type: 'showRefusal', params: failureOf }, 'focusSummary'] },
          { target: 'editing.failed', actions: { type: 'storeProblem', params: failureOf } },
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
