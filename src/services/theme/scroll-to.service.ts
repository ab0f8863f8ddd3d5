// Animated window scrolling, frame by frame, so the duration and easing are the theme's and not
// the browser's (`behavior: 'smooth'` has neither a duration nor an end signal).

export type Easing = (progress: number) => number;

/** The theme's easing: slow start, fast middle, soft landing. */
export const easeInOutCubic: Easing = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

export interface ScrollToOptions {
  /** Target vertical offset, in CSS pixels. */
  top: number;
  /** Animation length in milliseconds; 0 or less jumps. */
  duration: number;
  easing?: Easing;
}

export interface ScrollAnimation {
  /** Stop where the page is now. */
  cancel(): void;
  /** Stop and land on the target now. */
  finish(): void;
  /** Settles with `true` when the target was reached, `false` when cancelled. */
  readonly finished: Promise<boolean>;
}

/** What the animation needs from the browser; tests pass a stand-in. */
export interface ScrollEnvironment {
  getScrollY(): number;
  scrollToY(y: number): void;
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
  now(): number;
  prefersReducedMotion(): boolean;
}

export function browserScrollEnvironment(): ScrollEnvironment {
  return {
    getScrollY: () => window.scrollY,
    // `instant` overrides a page-wide `scroll-behavior: smooth`, which would fight every frame.
    scrollToY: (y) => window.scrollTo({ top: y, left: window.scrollX, behavior: 'instant' }),
    requestFrame: (callback) => window.requestAnimationFrame(callback),
    cancelFrame: (handle) => window.cancelAnimationFrame(handle),
    now: () => performance.now(),
    prefersReducedMotion: () =>
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
}

export function scrollWindowTo(
  { top, duration, easing = easeInOutCubic }: ScrollToOptions,
  env: ScrollEnvironment = browserScrollEnvironment(),
): ScrollAnimation {
  const from = env.getScrollY();
  // The clock starts now, not at the first frame, so the animation ends on time even when the
  // first frame is late.
  const start = env.now();
  let frame: number | null = null;
  let settled = false;
  let settle: (reached: boolean) => void = () => {};
  const finished = new Promise<boolean>((resolve) => {
    settle = resolve;
  });

  const end = (reached: boolean) => {
    if (settled) return;
    settled = true;
    if (frame !== null) env.cancelFrame(frame);
    frame = null;
    if (reached) env.scrollToY(top);
    settle(reached);
  };

  const step = () => {
    frame = null;
    const progress = Math.min(1, (env.now() - start) / duration);
    if (progress >= 1) return end(true);
    env.scrollToY(from + (top - from) * easing(progress));
    frame = env.requestFrame(step);
  };

  // Reduced motion is a request for no animation at all, not a faster one.
  if (duration <= 0 || from === top || env.prefersReducedMotion()) end(true);
  else frame = env.requestFrame(step);

  return {
    cancel: () => end(false),
    finish: () => end(true),
    finished,
  };
}
