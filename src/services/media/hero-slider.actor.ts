// The hero slider's Splide (through @splidejs/react-splide), loaded after first paint.
// `loadHeroSlider` imports the chunk with the slider component (Splide, its core CSS, the other
// slides); the heroSlider machine stores the component and the view renders it. Splide's
// autoplay is driven through the logo carousel's `splideCarousel` actor (same commands).
//
// A limit error: the slider's engine or its slide source refusing because a usage limit was
// reached (an error named `SliderLimitError`, or one carrying HTTP status 429). The machine then
// logs LIMIT_ERROR_MESSAGE and hides the slider; the hero's first slide, prerendered, stays.
import type { ComponentType, ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { SplideCarouselEvents } from './splide-carousel.actor.ts';

export const LIMIT_ERROR_MESSAGE = 'Limit exceed. Please try again later.';

export class SliderLimitError extends Error {
  override readonly name = 'SliderLimitError';
  constructor(message: string = LIMIT_ERROR_MESSAGE, options?: ErrorOptions) {
    super(message, options);
  }
}

/** True for the errors that mean "a limit was reached" rather than "something broke". */
export function isLimitError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof SliderLimitError || (error as { name?: unknown }).name === 'SliderLimitError') return true;
  const status = (error as { status?: unknown; response?: { status?: unknown } }).status ?? (error as { response?: { status?: unknown } }).response?.status;
  return status === 429;
}

export interface HeroSliderWords {
  label: string;
  previous: string;
  next: string;
  /** With `%s` for the slide's number. */
  goTo: string;
  select: string;
}

export interface HeroSliderProps extends SplideCarouselEvents {
  rootId: string;
  words: HeroSliderWords;
  intervalMs: number;
  speedMs: number;
  /** Every slide, the first (the prerendered hero) first. */
  slides: readonly { key: string; label: string; content: ReactNode }[];
}

export type HeroSliderComponent = ComponentType<HeroSliderProps>;

export interface HeroSliderLoadInput {
  /** Imports the chunk (a dynamic `import()`, so the bundler splits it off). */
  load: () => Promise<{ default: HeroSliderComponent }>;
}

export const loadHeroSlider = fromPromise<HeroSliderComponent, HeroSliderLoadInput>(async ({ input }) => {
  const chunk = await input.load();
  if (typeof chunk.default !== 'function' && typeof chunk.default !== 'object') {
    throw new Error('hero slider: the Splide chunk has no default export component');
  }
  return chunk.default;
});
