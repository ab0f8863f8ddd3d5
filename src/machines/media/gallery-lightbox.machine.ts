// The gallery's lightbox. Its engine (lightGallery, a chunk of its own) loads on the first click
// on a picture; until then, and for good if the chunk cannot load, each picture is a plain link
// to its largest version (the link the visitor clicked is then followed). Open, the lightbox
// shows the clicked picture; the machine follows the picture shown (the counter in words) and
// whether it failed to load (the error text), and on closing hands the focus back to the link
// that opened it.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { galleryLightbox, type GalleryLightboxEvent } from '../../services/media/gallery-lightbox.actor.ts';
import { navigate } from '../../services/shared/navigate.actor.ts';
import type { LightboxItem, LightboxWords, LoadedLightbox } from '../../services/media/gallery-lightbox.types.ts';
import { visibleThumbnails } from './lightbox-thumbnails.ts';

export interface GalleryLightboxInput {
  items: readonly LightboxItem[];
  words: LightboxWords;
  /** Loads the engine's chunk and the site's lightGallery licence key. */
  load: () => Promise<LoadedLightbox>;
}

export interface GalleryLightboxContext extends GalleryLightboxInput {
  lightbox: LoadedLightbox | undefined;
  /** The picture shown (0-based). */
  index: number;
  /** The picture whose link opened the lightbox: the focus goes back to it. */
  openedFrom: number;
  /** Where the view puts the counter in words, once the lightbox is drawn. */
  toolbar: HTMLElement | undefined;
}

export type GalleryLightboxMachineEvent = GalleryLightboxEvent | { type: 'item.activate'; index: number };

export type GalleryLightboxEmitted = { type: 'closed'; index: number };

export const loadLightboxEngine = fromPromise<LoadedLightbox, { load: () => Promise<LoadedLightbox> }>(({ input }) => input.load());

export const galleryLightboxMachine = setup({
  types: {
    input: {} as GalleryLightboxInput,
    context: {} as GalleryLightboxContext,
    events: {} as GalleryLightboxMachineEvent,
    emitted: {} as GalleryLightboxEmitted,
  },
  actors: { loadLightboxEngine, galleryLightbox, navigate },
  actions: {
    startFrom: assign((_, params: { index: number }) => ({ index: params.index, openedFrom: params.index, toolbar: undefined })),
    storeEngine: assign((_, loaded: { lightbox: LoadedLightbox }) => ({ lightbox: loaded.lightbox })),
    storeToolbar: assign(({ event }) => {
      assertEvent(event, 'lightbox.opened');
      return { toolbar: event.toolbar };
    }),
    showPicture: assign((_, params: { index: number }) => ({ index: params.index })),
    giveFocusBack: emit(({ context }) => ({ type: 'closed' as const, index: context.openedFrom })),
    logLoadError: (_, problem: { error: unknown }) =>
      console.error('The picture viewer could not be loaded; the picture opens on its own instead.', problem.error),
  },
  guards: {
    hasEngine: ({ context }) => context.lightbox !== undefined,
    isBroken: (_, params: { broken: boolean }) => params.broken,
    isShownPicture: ({ context }, params: { index: number }) => params.index === context.index,
  },
}).createMachine({
  id: 'galleryLightbox',
  context: ({ input }) => ({ ...input, lightbox: undefined, index: 0, openedFrom: 0, toolbar: undefined }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'item.activate': [
          { guard: 'hasEngine', target: 'open', actions: [{ type: 'startFrom', params: ({ event }) => ({ index: event.index }) }] },
          { target: 'loading', actions: [{ type: 'startFrom', params: ({ event }) => ({ index: event.index }) }] },
        ],
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLightboxEngine',
        src: 'loadLightboxEngine',
        input: ({ context }) => ({ load: context.load }),
        onDone: { target: 'open', actions: { type: 'storeEngine', params: ({ event }) => ({ lightbox: event.output }) } },
        onError: { target: 'unavailable', actions: { type: 'logLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /**
     * The chunk could not load: the clicked picture opens on its own after all (its link's
     * address), and from now on every link does, as without JavaScript.
     */
    unavailable: {
      invoke: { id: 'navigate', src: 'navigate', input: ({ context }) => ({ url: context.items[context.openedFrom]?.src ?? '' }) },
    },
    open: {
      tags: ['open'],
      invoke: {
        id: 'galleryLightbox',
        src: 'galleryLightbox',
        input: ({ context }) => ({
          // Present in this state: it is set on the way in (loading's onDone, or hasEngine).
          ...(context.lightbox as LoadedLightbox),
          items: context.items,
          index: context.index,
          words: context.words,
          thumbnailsAt: visibleThumbnails,
        }),
      },
      on: {
        'lightbox.opened': { actions: 'storeToolbar' },
        // A transition action: it runs once the lightbox is gone and the page usable again.
        'lightbox.closed': { target: 'closed', actions: 'giveFocusBack' },
      },
      initial: 'showing',
      states: {
        showing: {
          on: {
            'lightbox.slid': [
              { guard: { type: 'isBroken', params: ({ event }) => ({ broken: event.broken }) }, target: 'failed', actions: { type: 'showPicture', params: ({ event }) => ({ index: event.index }) } },
              { actions: { type: 'showPicture', params: ({ event }) => ({ index: event.index }) } },
            ],
            'lightbox.failed': { guard: { type: 'isShownPicture', params: ({ event }) => ({ index: event.index }) }, target: 'failed' },
          },
        },
        /** The picture shown could not be loaded: the error text is shown and announced. */
        failed: {
          tags: ['failed'],
          on: {
            'lightbox.slid': [
              { guard: { type: 'isBroken', params: ({ event }) => ({ broken: event.broken }) }, actions: { type: 'showPicture', params: ({ event }) => ({ index: event.index }) } },
              { target: 'showing', actions: { type: 'showPicture', params: ({ event }) => ({ index: event.index }) } },
            ],
          },
        },
      },
    },
  },
});
