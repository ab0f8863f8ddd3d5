// Splide, driven by the logoCarousel machine. `mountSplide` loads Splide and its core CSS (their
// own chunk, after first paint) and mounts it on the prerendered logo list; `splideCarousel`
// carries the machine's commands to the instance's autoplay and the instance's autoplay events
// back to the machine. Splide itself pauses while the pointer is over it or focus is inside it
// (pauseOnHover, pauseOnFocus); the machine decides whether it plays at all.
import { fromCallback, fromPromise, type EventObject } from 'xstate';

/** The part of a Splide instance the machine's actors use (tests pass a stand-in). */
export interface SplideHandle {
  Components: { Autoplay: { play(): void; pause(): void } };
  on(events: string | string[], callback: () => void): unknown;
  off(events: string | string[]): unknown;
  destroy(completely?: boolean): unknown;
}

export interface SplideMountInput {
  /** Id of the `.splide` element the page already holds. */
  rootId: string;
  /** The carousel's accessible name. */
  label: string;
  intervalMs: number;
  speedMs: number;
}

/** Commands from the machine. */
export type SplideCommand = { type: 'autoplay.play' } | { type: 'autoplay.pause' };

/** What Splide tells the machine: its autoplay stopped (hover, focus) or moves again. */
export type SplideReport = { type: 'carousel.hold' } | { type: 'carousel.resume' };

export const mountSplide = fromPromise<SplideHandle, SplideMountInput>(async ({ input, signal }) => {
  const [{ Splide }] = await Promise.all([import('@splidejs/splide'), import('@splidejs/splide/dist/css/splide-core.min.css')]);
  const root = document.getElementById(input.rootId);
  if (!root) throw new Error(`logo carousel: no element #${input.rootId} to mount Splide on`);
  const splide = new Splide(root, {
    type: 'loop',
    label: input.label,
    // A group, not a landmark: the carousel sits inside its section's region.
    role: 'group',
    perPage: 5,
    perMove: 1,
    gap: '1.5rem',
    interval: input.intervalMs,
    speed: input.speedMs,
    // Autoplay is wired (hover and focus pause it) but starts paused: the machine plays it.
    autoplay: 'pause',
    pauseOnHover: true,
    pauseOnFocus: true,
    resetProgress: false,
    // The same breakpoints as clients.css gives the prerendered list, so nothing moves on mount.
    // Names of their own, so they are not taken for the testimonials slider's buttons.
    i18n: {
      prev: 'Previous logo',
      next: 'Next logo',
      first: 'Go to the first logo',
      last: 'Go to the last logo',
      slideX: 'Go to logo %s',
      pageX: 'Go to page %s',
      carousel: 'carousel',
      slide: 'slide',
      select: 'Select a logo to show',
      slideLabel: '%s of %s',
    },
    breakpoints: { 960: { perPage: 4 }, 720: { perPage: 3 }, 480: { perPage: 2 } },
  });
  splide.mount();
  // The machine left `loading` while Splide was on its way: leave the list as it was.
  if (signal.aborted) {
    splide.destroy(true);
    throw new Error('logo carousel: mounting was cancelled');
  }
  return splide as unknown as SplideHandle;
});

export const splideCarousel = fromCallback<SplideCommand, { splide: SplideHandle }, EventObject>(({ input, sendBack, receive }) => {
  const { splide } = input;
  splide.on('autoplay:pause', () => sendBack({ type: 'carousel.hold' } satisfies SplideReport));
  splide.on('autoplay:play', () => sendBack({ type: 'carousel.resume' } satisfies SplideReport));
  receive((command) => {
    if (command.type === 'autoplay.play') splide.Components.Autoplay.play();
    else splide.Components.Autoplay.pause();
  });
  return () => {
    splide.off(['autoplay:pause', 'autoplay:play']);
    splide.destroy(true);
  };
});
