// mediaLibrary, walked through the real <MediaLibraryPage> along every edge of the production
// machine's graph: the list loads or fails (and is asked for again), a picture uploaded reads it
// again, an upload's deletion is confirmed, cancelled, done or refused (in use: where); an ended
// session goes back to sign-in.
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { mediaLibraryMachine, type MediaLibraryContext } from '../../../src/machines/media-library/media-library.machine.ts';
import { mediaUploadMachine } from '../../../src/machines/media-library/media-upload.machine.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { MEDIA_ERROR, type MediaItem, type MediaListAnswer } from '../../../src/validation/media-library/media-library.protocol.ts';
import { MediaLibraryPage, UPLOAD_NOT_ALLOWED_TEXT } from '../../../src/views/media-library/media-library-page.view.tsx';
import { describeModel, fakePromiseActor, type FakePromiseActor } from '../harness/index.ts';
import { BUILT, session, STORAGE, UPLOADED } from './media-fixtures.ts';

const LIST: MediaListAnswer = { pictures: [BUILT, UPLOADED], storage: STORAGE, mayUpload: true };
const READ_ONLY: MediaListAnswer = { pictures: [BUILT, UPLOADED], storage: STORAGE, mayUpload: false };
const NEW_PICTURE: MediaItem = { ...UPLOADED, key: 'lobby-screen', alt: 'A lobby screen', originalName: 'lobby.png' };
// The new picture took the last of the space (MEDIA_MAX_BYTES lowered to 4 MB).
const AFTER_UPLOAD: MediaListAnswer = { pictures: [BUILT, NEW_PICTURE, UPLOADED], storage: { usedBytes: 4 * 1024 * 1024, quotaBytes: 4 * 1024 * 1024 }, mayUpload: true };
const STORAGE_TEXT = 'Uploaded pictures take 2.5 MB of the 1.0 GB kept for them (under 1%).';
const FULL_TEXT = 'Uploaded pictures take 4.0 MB of the 4.0 MB kept for them (100%). That is all of it: delete pictures nothing uses before uploading more.';
const IN_USE = '"night-wall" is used by about (image). Choose another picture there first.';
const signedOut = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'The session has ended.', 401);
const onSessionEnded = vi.fn();
// A list that could not be read again is logged; the test keeps the output clean.
vi.spyOn(console, 'error').mockImplementation(() => {});

// The upload form's own machine answers at once with the new picture (its own model test walks it).
const uploadAtOnce = mediaUploadMachine.provide({ actors: { sendUpload: fromPromise(async () => NEW_PICTURE) } });

const table = () => screen.getByRole('table', { name: 'Every picture of the site' });
const rowOf = (key: string) => table().querySelector<HTMLElement>(`tr[data-picture="${key}"]`)!;

function expectList(answer: Pick<MediaLibraryContext, 'pictures' | 'storage'>) {
  // What the uploads take of the space kept for them, in words above the form.
  expect(screen.getByText(answer.storage === STORAGE ? STORAGE_TEXT : FULL_TEXT)).toBeVisible();
  const rows = within(table()).getAllByRole('row');
  expect(rows).toHaveLength(answer.pictures.length + 1);
  expect(rowOf('about-factory')).toHaveTextContent(/about-factory\s*Given where content uses it\s*1200 × 1500 px\s*about \(image\)\s*The site’s own/);
  expect(rowOf('night-wall')).toHaveTextContent(/night-wall\s*An LED wall at night\s*1000 × 700 px, 814 KB\s*Not used\s*Uploaded by owner@example\.com/);
  expect(rowOf('night-wall').querySelector('img')).toHaveAttribute('src', UPLOADED.thumbnailUrl);
  // Only an upload can be deleted here.
  expect(within(rowOf('about-factory')).queryByRole('button')).toBeNull();
  expect(within(rowOf('night-wall')).getByRole('button', { name: 'Delete night-wall' })).toBeVisible();
}

describeModel({
  machine: mediaLibraryMachine,
  input: { api: createConsoleApi() },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.pictures.length, snapshot.context.storage, snapshot.context.mayUpload, snapshot.context.problem]),
  eventSamples: [
    { type: 'xstate.done.actor.loadMedia', output: LIST },
    { type: 'xstate.done.actor.loadMedia', output: READ_ONLY },
    { type: 'xstate.done.actor.loadMedia', output: AFTER_UPLOAD },
    { type: 'xstate.error.actor.loadMedia', error: new ConsoleApiError('fetch_error', 'The server could not be reached.', 0) },
    { type: 'xstate.error.actor.loadMedia', error: signedOut },
    { type: 'picture.delete', key: 'night-wall' },
    { type: 'xstate.done.actor.removePicture' },
    { type: 'xstate.error.actor.removePicture', error: new ConsoleApiError(MEDIA_ERROR.inUse, IN_USE, 409) },
    { type: 'xstate.error.actor.removePicture', error: signedOut },
  ],
  // The first list is the full one or the read-only one; the list read again after an upload
  // has the new picture; after a deletion, the list without it is not needed to tell states apart.
  filterEvents: (snapshot, event) => {
    const type: string = event.type;
    if (type !== 'xstate.done.actor.loadMedia') return type !== 'list.reload' || snapshot.context.mayUpload;
    const answer: unknown = 'output' in event ? event.output : undefined;
    if (snapshot.matches('loading')) return answer !== AFTER_UPLOAD;
    if (snapshot.matches({ shown: { ready: 'refreshing' } })) return answer === AFTER_UPLOAD;
    return answer === LIST;
  },
  fakes: { loadMedia: () => fakePromiseActor(), removePicture: () => fakePromiseActor() },
  setup: () => {
    onSessionEnded.mockClear();
  },
  render: ({ logic, inspect }) => <MediaLibraryPage session={session('owner')} api={createConsoleApi()} onSessionEnded={onSessionEnded} navigate={() => undefined} logic={logic} inspect={inspect} uploadLogic={uploadAtOnce} />,
  events: {
    'list.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    // A picture uploaded through the page's form.
    'list.reload': async ({ user }) => {
      await user.upload(screen.getByLabelText('Picture'), new File([new Uint8Array([1, 2, 3])], 'lobby.png', { type: 'image/png' }));
      await user.type(screen.getByRole('textbox', { name: 'Alternative text' }), 'A lobby screen');
      await user.click(screen.getByRole('button', { name: 'Upload' }));
    },
    'picture.delete': ({ user }) => user.click(screen.getByRole('button', { name: 'Delete night-wall' })),
    'delete.confirm': ({ user }) => user.click(screen.getByRole('button', { name: 'Delete picture' })),
    'delete.cancel': ({ user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
  states: {
    loading: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Pictures' })).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent('Loading the pictures…');
      expect(screen.queryByRole('table')).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent('The pictures could not be loaded. The server could not be reached.');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(screen.queryByRole('table')).toBeNull();
    },
    signedOut: () => {
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Sign in again.');
      expect(screen.queryByRole('table')).toBeNull();
    },
    'shown.ready.idle': ({ snapshot }) => {
      const { mayUpload, pictures } = snapshot.context;
      expectList(snapshot.context);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      if (mayUpload) expect(screen.getByRole('form', { name: 'Upload a picture' })).toBeVisible();
      else {
        expect(screen.queryByRole('form', { name: 'Upload a picture' })).toBeNull();
        expect(screen.getByText(UPLOAD_NOT_ALLOWED_TEXT)).toBeVisible();
      }
      // Read again after an upload: the new picture is listed, and the form said so.
      if (pictures.length === 3) {
        expect(rowOf('lobby-screen')).toHaveTextContent('A lobby screen');
        expect(screen.getByText(/lobby-screen was uploaded/)).toBeVisible();
      }
    },
    'shown.ready.refreshing': ({ snapshot }) => {
      expectList(snapshot.context);
      expect(screen.getByText(/lobby-screen was uploaded/)).toBeVisible();
    },
    'shown.ready.deleted': () => {
      expect(screen.getByText('night-wall was deleted.')).toBeVisible();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
    'shown.ready.refused': ({ snapshot }) => {
      expect(screen.getByText(IN_USE)).toBeVisible();
      expectList(snapshot.context);
    },
    'shown.confirming': () => {
      const dialog = screen.getByRole('alertdialog', { name: 'Delete night-wall?' });
      expect(dialog).toHaveAccessibleDescription('The picture and all its sizes are deleted. A picture the site still uses is kept.');
      expect(within(dialog).getByRole('button', { name: 'Delete picture' })).toBeEnabled();
      expect(within(rowOf('night-wall')).getByRole('button')).toBeDisabled();
    },
    'shown.deleting': ({ fakes }) => {
      expect(screen.getByRole('button', { name: 'Delete picture' })).toBeDisabled();
      expect((fakes.removePicture as FakePromiseActor).pending?.input).toMatchObject({ key: 'night-wall' });
    },
  },
});
