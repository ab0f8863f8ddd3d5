// A video of the videos section. It starts as its poster (a play button; nothing is fetched
// from the video service before a visitor asks for the film). Played, it becomes the embedded
// player in place; or, for a video content marks as a popup and a screen at least
// VIDEO_POPUP_MIN_WIDTH_PX wide, the player in a modal dialog, which closes on Escape or its
// close button and gives the focus back to the play button (the poster stays in place).
import { emit, setup } from 'xstate';
import { modalDialog } from '../../services/shared/modal-dialog.actor.ts';

export interface VideoPlayerInput {
  display: 'in-place' | 'popup';
  /** The id of the video's <dialog>, for a popup. */
  dialogId: string;
}

export type VideoPlayerEvent =
  // `popupAllowed`: the screen is wide enough for a popup (the view asks the browser at the click).
  { type: 'video.play'; popupAllowed: boolean } | { type: 'dialog.closed' };

export const videoPlayerMachine = setup({
  types: {
    input: {} as VideoPlayerInput,
    context: {} as VideoPlayerInput,
    events: {} as VideoPlayerEvent,
    emitted: {} as { type: 'popup.closed' },
  },
  actors: { modalDialog },
  actions: {
    giveFocusBack: emit({ type: 'popup.closed' }),
  },
  guards: {
    isPopupWanted: ({ context }, params: { popupAllowed: boolean }) => context.display === 'popup' && params.popupAllowed,
  },
}).createMachine({
  id: 'videoPlayer',
  context: ({ input }) => input,
  initial: 'poster',
  states: {
    poster: {
      on: {
        'video.play': [
          { guard: { type: 'isPopupWanted', params: ({ event }) => ({ popupAllowed: event.popupAllowed }) }, target: 'popup' },
          { target: 'playing' },
        ],
      },
    },
    /** The player in place of the poster, playing; it stays until the page is left. */
    playing: { tags: ['inPlace'] },
    popup: {
      tags: ['inPopup'],
      invoke: { id: 'modalDialog', src: 'modalDialog', input: ({ context }) => ({ dialogId: context.dialogId }) },
      on: { 'dialog.closed': { target: 'poster', actions: 'giveFocusBack' } },
    },
  },
});
