// videoPlayer, walked through the real video view along every edge of the production machine's
// graph, for a film content plays in place and one it marks as a popup. The modal <dialog> is
// the browser's (jsdom has none): the `modalDialog` actor is a stand-in here, and the real one
// runs in Chromium (test/e2e/videos.e2e.test.ts). The screen's width reaches the machine with
// the play event, from the browser's media query: the model sets it before each click.
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { videos } from '../../support/site-content.ts';
import { VIDEO_POPUP_MIN_WIDTH_PX } from '../../../src/machines/shared/theme.constants.ts';
import { videoPlayerMachine } from '../../../src/machines/media/video-player.machine.ts';
import { dialogIdOf, embedUrlOf, VideoPlayer } from '../../../src/views/media/video-player.view.tsx';
import { stubMatchMedia } from '../../support/stub-match-media.ts';
import { describeModel, fakeCallbackActor, type FakeCallbackActor } from '../harness/index.ts';

const inPlace = videos.items.find((video) => video.display === 'in-place')!;
const popup = videos.items.find((video) => video.display === 'popup')!;
const playName = (title: string) => videos.words.play.replace('%s', title);

/** What `(min-width: 700px)` answers: set by the model before a click. */
let wide = true;
stubMatchMedia({ matches: (query) => query === `(min-width: ${VIDEO_POPUP_MIN_WIDTH_PX}px)` && wide });

const dialogActor = (fakes: Record<string, unknown>) => fakes.modalDialog as FakeCallbackActor<{ dialogId: string }>;

for (const video of [inPlace, popup]) {
  const expectPoster = (container: HTMLElement) => {
    const button = screen.getByRole('button', { name: playName(video.title) });
    expect(within(button).getByRole('img')).toHaveAttribute('src', expect.stringContaining(`/assets/images/${video.poster.key}-`));
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText(video.caption)).toBeInTheDocument();
  };
  const expectPlayer = (frame: HTMLIFrameElement | null) => {
    expect(frame).toHaveAttribute('src', embedUrlOf(video));
    expect(frame).toHaveAttribute('src', expect.stringContaining('autoplay=1'));
    expect(frame).toHaveAttribute('title', video.title);
    expect(frame).toHaveAttribute('allow', expect.stringContaining('autoplay'));
  };

  describeModel({
    machine: videoPlayerMachine,
    variant: video.display,
    input: { display: video.display, dialogId: dialogIdOf(video) },
    eventSamples: [
      { type: 'video.play', popupAllowed: true },
      { type: 'video.play', popupAllowed: false },
    ],
    fakes: { modalDialog: () => fakeCallbackActor() },
    setup: () => {
      wide = true;
    },
    render: (harness) => <VideoPlayer video={video} words={videos.words} {...harness} />,
    events: {
      'video.play': async ({ user, event }) => {
        wide = (event as { popupAllowed: boolean }).popupAllowed;
        const button = screen.getByRole('button', { name: playName(video.title) });
        button.focus();
        // Enter on the focused button, as a keyboard visitor plays it.
        await user.keyboard('{Enter}');
      },
      'dialog.closed': async ({ event, fakes }) => {
        const running = dialogActor(fakes).running;
        if (!running) throw new Error('the dialog is not open');
        await act(async () => running.sendBack(event as EventObject));
        expect(document.activeElement).toBe(screen.getByRole('button', { name: playName(video.title) }));
      },
    },
    states: {
      poster: ({ container, fakes }) => {
        expectPoster(container);
        expect(dialogActor(fakes).running).toBeUndefined();
      },
      playing: ({ container }) => {
        // The player in the poster's place: the play button is gone.
        expect(screen.queryByRole('button', { name: playName(video.title) })).toBeNull();
        expectPlayer(container.querySelector('.video__frame > iframe'));
        expect(container.querySelectorAll('iframe')).toHaveLength(1);
      },
      popup: ({ container, fakes }) => {
        // The poster stays; the player is inside the video's dialog, which the actor shows.
        expectPoster(container.querySelector('.video > .video__frame') as HTMLElement);
        expect(dialogActor(fakes).running?.input).toEqual({ dialogId: dialogIdOf(video) });
        const dialog = container.querySelector(`#${dialogIdOf(video)}`);
        expect(dialog).toHaveAttribute('aria-label', video.title);
        expectPlayer(dialog?.querySelector('iframe') ?? null);
        expect(within(dialog as HTMLElement).getByRole('button', { name: videos.words.close, hidden: true })).toBeInTheDocument();
      },
    },
  });
}
