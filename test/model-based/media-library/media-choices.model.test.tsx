// mediaChoices, walked through the real <ImagePicker> (the content editor's picture field) along
// every edge of the production machine's graph: the library's pictures load (the chosen one's
// thumbnail shown beside the drop-down) or fail (and are asked for again); an ended session is
// told to the page. Then the picker as a form field: choosing a picture, a key not in the library.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { mediaChoicesMachine } from '../../../src/machines/media-library/media-choices.machine.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import type { MediaListAnswer } from '../../../src/validation/media-library/media-library.protocol.ts';
import { ImagePicker } from '../../../src/views/media-library/image-picker.view.tsx';
import { describeModel, fakePromiseActor } from '../harness/index.ts';
import { BUILT, STORAGE, UPLOADED } from './media-fixtures.ts';

const LIST: MediaListAnswer = { pictures: [BUILT, UPLOADED], storage: STORAGE, mayUpload: true };
const onSessionEnded = vi.fn();
const onChange = vi.fn();
const select = () => screen.getByRole('combobox', { name: 'Picture' });
const preview = () => document.querySelector<HTMLElement>('.image-picker__preview')!;

describeModel({
  machine: mediaChoicesMachine,
  input: { api: createConsoleApi() },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.pictures.length, snapshot.context.problem]),
  eventSamples: [
    { type: 'xstate.done.actor.loadMedia', output: LIST },
    { type: 'xstate.error.actor.loadMedia', error: new ConsoleApiError('fetch_error', 'The server could not be reached.', 0) },
    { type: 'xstate.error.actor.loadMedia', error: new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'The session has ended.', 401) },
  ],
  fakes: { loadMedia: () => fakePromiseActor() },
  setup: () => {
    onSessionEnded.mockClear();
  },
  render: ({ logic, inspect }) => (
    <ImagePicker api={createConsoleApi()} formId="content-about" name="image" label="Picture" value="night-wall" onChange={onChange} onSessionEnded={onSessionEnded} logic={logic} inspect={inspect} />
  ),
  events: {
    'list.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  states: {
    loading: () => {
      expect(within(preview()).getByRole('status')).toHaveTextContent('Loading the pictures…');
      // The chosen key is offered while the list loads.
      expect(select()).toHaveValue('night-wall');
    },
    ready: () => {
      expect(select()).toHaveValue('night-wall');
      expect(within(select()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a picture', 'about-factory', 'night-wall: An LED wall at night']);
      expect(preview().querySelector('img')).toHaveAttribute('src', UPLOADED.thumbnailUrl);
      expect(preview()).toHaveTextContent('1000 × 700 px, 814 KB');
      // The thumbnail and its size describe the field.
      expect(select()).toHaveAccessibleDescription(expect.stringContaining('1000 × 700 px'));
    },
    failed: () => {
      expect(within(preview()).getByRole('alert')).toHaveTextContent('The pictures could not be loaded. The server could not be reached.');
      expect(select()).toHaveValue('night-wall');
    },
    signedOut: () => {
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(preview().querySelector('img')).toBeNull();
    },
  },
});

describe('the image picker as a form field', () => {
  const loaded = mediaChoicesMachine.provide({ actors: { loadMedia: fromPromise(async () => LIST) } });

  it('tells the form the key chosen, and shows the error beside it', async () => {
    const changed = vi.fn();
    render(<ImagePicker api={createConsoleApi()} formId="content-about" name="image" label="Picture" value="" error="Choose a picture" onChange={changed} onSessionEnded={() => undefined} logic={loaded} />);
    await screen.findByRole('option', { name: 'about-factory' });
    expect(preview().querySelector('img')).toBeNull();
    expect(select()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(select(), 'about-factory');
    expect(changed).toHaveBeenCalledWith('about-factory', undefined);
    // A picture given words at upload brings them, for the form to offer as its alternative text.
    await userEvent.selectOptions(select(), 'night-wall');
    expect(changed).toHaveBeenLastCalledWith('night-wall', UPLOADED.alt);
  });

  it('says when the key is not in the library', async () => {
    render(<ImagePicker api={createConsoleApi()} formId="content-about" name="image" label="Picture" value="gone-picture" onChange={() => undefined} onSessionEnded={() => undefined} logic={loaded} />);
    expect(await screen.findByText('There is no picture named gone-picture in the library.')).toBeVisible();
    expect(select()).toHaveValue('gone-picture');
  });
});
