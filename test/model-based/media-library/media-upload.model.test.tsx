// mediaUpload, walked through the real <MediaUploadForm> along every edge of the production
// machine's graph: the fields checked in the browser (beside each field and in the summary),
// the upload sent, uploaded (the form emptied, the page told), refused on a field by the server
// (its type read from the content), failed, or ended by an expired session.
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { mediaUploadMachine, uploadProblems } from '../../../src/machines/media-library/media-upload.machine.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { ALT_MISSING, FILE_MISSING, FILE_TOO_LARGE, KEY_INVALID, MEDIA_ERROR, MEDIA_FILE_MAX_BYTES } from '../../../src/validation/media-library/media-library.protocol.ts';
import { MediaUploadForm } from '../../../src/views/media-library/media-upload-form.view.tsx';
import { describeModel, type FakePromiseActor } from '../harness/index.ts';
import { fakePromiseActor } from '../harness/index.ts';
import { UPLOADED } from './media-fixtures.ts';

const WALL = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'Night Wall.jpg', { type: 'image/jpeg' });
const HUGE = new File([new Uint8Array([0xff, 0xd8])], 'huge.jpg', { type: 'image/jpeg' });
Object.defineProperty(HUGE, 'size', { value: MEDIA_FILE_MAX_BYTES + 1 });
// The graph tells events apart by their JSON (a File's is {}): name and size, in test names too.
for (const file of [WALL, HUGE]) Object.defineProperty(file, 'toJSON', { value: () => ({ name: file.name, size: file.size }) });
const NOT_A_PICTURE = 'This file is not a JPEG, PNG or WebP picture. Choose one of those.';
const QUOTA = 'The uploaded pictures take 1023.9 MB of the 1.0 GB the site keeps for them, and this one does not fit. Delete pictures nothing uses, or ask whoever runs the server to raise MEDIA_MAX_BYTES.';
const NOT_ALLOWED = 'Only an owner can upload pictures until an owner lets staff edit the site.';

const onUploaded = vi.fn();
const onSessionEnded = vi.fn();

const fileInput = () => screen.getByLabelText('Picture') as HTMLInputElement;
const altField = () => screen.getByRole('textbox', { name: 'Alternative text' });
const keyField = () => screen.getByRole('textbox', { name: 'Name (optional)' });
const summary = () => document.querySelector<HTMLElement>('.error-summary')!;
const result = () => document.querySelector<HTMLElement>('.console-media__result')!;

describeModel({
  machine: mediaUploadMachine,
  input: { api: createConsoleApi() },
  // What the page can tell apart: which fields would not pass (the errors shown are the state's).
  serializeState: (snapshot) => JSON.stringify([snapshot.value, Object.keys(uploadProblems(snapshot.context))]),
  eventSamples: [
    { type: 'upload.file', file: WALL },
    { type: 'upload.file', file: HUGE },
    { type: 'upload.alt', value: 'An LED wall at night' },
    { type: 'upload.key', value: 'Bad Key' },
    { type: 'upload.key', value: '' },
    { type: 'xstate.done.actor.sendUpload', output: UPLOADED },
    { type: 'xstate.error.actor.sendUpload', error: new ConsoleApiError(MEDIA_ERROR.unsupportedType, NOT_A_PICTURE, 415, 'file') },
    // Past the library's quota (MEDIA_MAX_BYTES): beside the file, as the type's refusal is.
    { type: 'xstate.error.actor.sendUpload', error: new ConsoleApiError(MEDIA_ERROR.quotaExceeded, QUOTA, 413, 'file') },
    { type: 'xstate.error.actor.sendUpload', error: new ConsoleApiError(MEDIA_ERROR.editingNotAllowed, NOT_ALLOWED, 403) },
    { type: 'xstate.error.actor.sendUpload', error: new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'The session has ended.', 401) },
  ],
  // While the upload is on its way the form waits for its answer. The visitor fills each field
  // once (a picture, the text; a key typed wrong and cleared), which reaches every problem.
  filterEvents: (snapshot, event) => {
    if (snapshot.matches('uploading')) return event.type.startsWith('xstate.');
    const { file, alt, key } = snapshot.context;
    if (event.type === 'upload.file') return file === null;
    if (event.type === 'upload.alt') return alt === '';
    if (event.type === 'upload.key') return event.value === '' ? key !== '' : key === '';
    return true;
  },
  fakes: { sendUpload: () => fakePromiseActor() },
  setup: () => {
    onUploaded.mockClear();
    onSessionEnded.mockClear();
  },
  render: ({ logic, inspect }) => <MediaUploadForm api={createConsoleApi()} onUploaded={onUploaded} onSessionEnded={onSessionEnded} logic={logic} inspect={inspect} />,
  events: {
    'upload.file': ({ user, event }) => user.upload(fileInput(), (event as { file: File }).file),
    'upload.alt': async ({ user, event }) => {
      await user.clear(altField());
      await user.type(altField(), (event as { value: string }).value);
    },
    'upload.key': async ({ user, event }) => {
      await user.clear(keyField());
      const { value } = event as { value: string };
      if (value !== '') await user.type(keyField(), value);
    },
    'upload.submit': ({ user }) => user.click(screen.getByRole('button', { name: 'Upload' })),
  },
  states: {
    'editing.idle': ({ snapshot }) => {
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
      expect(summary()).not.toBeVisible();
      for (const field of [fileInput(), altField(), keyField()]) expect(field).not.toHaveAttribute('aria-invalid', 'true');
      expect(result()).toBeEmptyDOMElement();
      expect(altField()).toHaveValue(snapshot.context.alt);
    },
    'editing.invalid': ({ snapshot }) => {
      const { errors } = snapshot.context;
      const shown = [errors.file, errors.alt, errors.key].filter((message) => message !== undefined);
      expect(shown.length).toBeGreaterThan(0);
      // Each beside its field, and all in the summary (an alert).
      expect(within(summary()).getByRole('alert')).toHaveTextContent(`There is a problem${shown.join('')}`);
      for (const [field, message] of [[fileInput(), errors.file], [altField(), errors.alt], [keyField(), errors.key]] as const) {
        if (message === undefined) expect(field).not.toHaveAttribute('aria-invalid', 'true');
        else {
          expect([FILE_MISSING, FILE_TOO_LARGE, ALT_MISSING, KEY_INVALID, NOT_A_PICTURE, QUOTA]).toContain(message);
          expect(field).toHaveAttribute('aria-invalid', 'true');
          expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
        }
      }
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    },
    uploading: ({ fakes }) => {
      expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
      expect(screen.getByRole('form', { name: 'Upload a picture' })).toHaveAttribute('aria-busy', 'true');
      const input = (fakes.sendUpload as FakePromiseActor).pending?.input as { upload: { file: File; alt: string; key: string } };
      expect(input.upload).toEqual({ file: WALL, alt: 'An LED wall at night', key: '' });
    },
    'editing.uploaded': ({ snapshot }) => {
      expect(result()).toHaveTextContent('night-wall was uploaded, 480, 960, 1000 px wide in AVIF, WebP and a fallback.');
      expect(onUploaded).toHaveBeenCalledWith(UPLOADED);
      // Emptied for the next picture (a fresh file input too), until the visitor fills it again.
      expect(fileInput().files).toHaveLength(snapshot.context.file === null ? 0 : 1);
      expect(altField()).toHaveValue(snapshot.context.alt);
      expect(summary()).not.toBeVisible();
    },
    'editing.failed': () => {
      expect(result()).toHaveTextContent(`The picture was not uploaded. ${NOT_ALLOWED}`);
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
      expect(altField()).toHaveValue('An LED wall at night');
    },
    signedOut: () => {
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(result()).toHaveTextContent('Your session has ended. Sign in again.');
    },
  },
});
