// Splide (through @splidejs/react-splide), driven by the logoCarousel machine.
// `loadSplideCarousel` imports the chunk holding the react-splide component (Splide, its core CSS
// and the component arrive after first paint, when the machine asks); the machine stores the
// component and the view renders it. The component reports through react-splide's event props
// (`onMounted` hands over the Splide instance, `onAutoplayPause`/`onAutoplayPlay` tell of Splide's
// own hold while hovered or focused), which the view sends to the machine as events.
// `splideCarousel` carries the machine's commands to that instance's autoplay.
import type { ComponentType, ReactNode } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';

/** The part of a Splide instance the machine's actors use (tests pass a stand-in). */
export interface SplideHandle {
  Components: { Autoplay: { play(): void; pause(): void } };
}

/** react-splide's event props the carousel component passes on (each gets the instance first). */
export interface SplideCarouselEvents {
  onMounted: (splide: SplideHandle) => void;
  onAutoplayPause: () => void;
  onAutoplayPlay: () => void;
}

export interface SplideWords {
  previous: string;
  next: string;
  first: string;
  last: string;
  /** With `%s` for the logo's number. */
  goTo: string;
  /** With `%s` for the page's number. */
  page: string;
  select: string;
}

export interface SplideCarouselProps extends SplideCarouselEvents {
  /** Id of the carousel's root (the rotation button controls it). */
  rootId: string;
  /** The carousel's accessible name. */
  label: string;
  /** Splide's own button and slide names (its i18n), from content. */
  words: SplideWords;
  intervalMs: number;
  speedMs: number;
  /** One slide each, in order. */
  slides: readonly { key: string; content: ReactNode }[];
}

/** The lazily loaded react-splide component. */
export type SplideCarouselComponent = ComponentType<SplideCarouselProps>;

export interface SplideCarouselLoadInput {
  /** Imports the chunk (a dynamic `import()`, so the bundler splits it off). */
  load: () => Promise<{ default: SplideCarouselComponent }>;
}

/** Commands from the machine. */
export type SplideCommand = { type: 'autoplay.play' } | { type: 'autoplay.pause' };

/** What the component tells the machine: Splide mounted, its autoplay held (hover, focus) or moves again. */
export type SplideReport = { type: 'carousel.mounted'; splide: SplideHandle } | { type: 'carousel.hold' } | { type: 'carousel.resume' };

export const loadSplideCarousel = fromPromise<SplideCarouselComponent, SplideCarouselLoadInput>(async ({ input }) => {
  const chunk = await input.load();
  if (typeof chunk.default !== 'function' && typeof chunk.default !== 'object') {
    throw new Error('logo carousel: the Splide chunk has no default export component');
  }
  return chunk.default;
});

export const splideCarousel = fromCallback<SplideCommand, { splide: SplideHandle }, EventObject>(({ input, receive }) => {
  const { splide } = input;
  receive((command) => {
    if (command.type === 'autoplay.play') splide.Components.Autoplay.play();
    else splide.Components.Autoplay.pause();
  });
  // react-splide destroys the instance when its component unmounts.
});
