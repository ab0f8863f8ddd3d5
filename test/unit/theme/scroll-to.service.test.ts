import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  browserScrollEnvironment,
  easeInOutCubic,
  scrollWindowTo,
  type ScrollEnvironment,
} from '../../../src/services/theme/scroll-to.service.ts';
import { scrollWindow } from '../../../src/services/theme/scroll-window.actor.ts';
import { stubMatchMedia } from '../../support/stub-match-media.ts';

/** A browser stand-in with a hand-driven clock and frames. */
function fakeEnvironment({ scrollY = 1000, reducedMotion = false } = {}) {
  let time = 0;
  let nextFrame = 1;
  const frames = new Map<number, (time: number) => void>();
  const state = { scrollY, positions: [] as number[] };
  const env: ScrollEnvironment = {
    getScrollY: () => state.scrollY,
    scrollToY: (y) => {
      state.scrollY = y;
      state.positions.push(y);
    },
    requestFrame: (callback) => {
      frames.set(nextFrame, callback);
      return nextFrame++;
    },
    cancelFrame: (handle) => {
      frames.delete(handle);
    },
    now: () => time,
    prefersReducedMotion: () => reducedMotion,
  };
  return {
    env,
    state,
    pendingFrames: () => frames.size,
    /** Moves the clock to `at` ms and runs the frames that were waiting. */
    frameAt(at: number) {
      time = at;
      const due = [...frames.values()];
      frames.clear();
      due.forEach((callback) => callback(at));
    },
  };
}

describe('easeInOutCubic', () => {
  it('starts at 0, ends at 1, is symmetric and slow at both ends', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(0.25) + easeInOutCubic(0.75)).toBeCloseTo(1);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
  });
});

describe('scrollWindowTo', () => {
  it('eases to the target over the duration, one position per frame, landing exactly', async () => {
    const fake = fakeEnvironment({ scrollY: 1000 });
    const animation = scrollWindowTo({ top: 0, duration: 700 }, fake.env);
    expect(fake.state.positions).toEqual([]); // nothing moves before the first frame

    fake.frameAt(175);
    expect(fake.state.scrollY).toBeCloseTo(1000 * (1 - easeInOutCubic(0.25)));
    fake.frameAt(350);
    expect(fake.state.scrollY).toBeCloseTo(500);
    fake.frameAt(525);
    expect(fake.state.scrollY).toBeCloseTo(1000 * (1 - easeInOutCubic(0.75)));
    fake.frameAt(700);
    expect(fake.state.scrollY).toBe(0);
    expect(fake.pendingFrames()).toBe(0);

    const positions = fake.state.positions;
    expect(positions).toEqual([...positions].sort((a, b) => b - a)); // always moving up
    await expect(animation.finished).resolves.toBe(true);
  });

  it('uses a custom easing', () => {
    const fake = fakeEnvironment({ scrollY: 0 });
    scrollWindowTo({ top: 800, duration: 400, easing: (t) => t }, fake.env);
    fake.frameAt(100);
    expect(fake.state.scrollY).toBeCloseTo(200);
  });

  it('cancels where the page is', async () => {
    const fake = fakeEnvironment({ scrollY: 1000 });
    const animation = scrollWindowTo({ top: 0, duration: 700 }, fake.env);
    fake.frameAt(350);
    animation.cancel();
    expect(fake.pendingFrames()).toBe(0);
    expect(fake.state.scrollY).toBeCloseTo(500);
    fake.frameAt(700);
    expect(fake.state.scrollY).toBeCloseTo(500);
    await expect(animation.finished).resolves.toBe(false);
    animation.finish(); // already settled: no jump
    expect(fake.state.scrollY).toBeCloseTo(500);
  });

  it('finishes on the target at once', async () => {
    const fake = fakeEnvironment({ scrollY: 1000 });
    const animation = scrollWindowTo({ top: 0, duration: 700 }, fake.env);
    fake.frameAt(690);
    expect(fake.state.scrollY).toBeGreaterThan(0);
    animation.finish();
    expect(fake.state.scrollY).toBe(0);
    expect(fake.pendingFrames()).toBe(0);
    await expect(animation.finished).resolves.toBe(true);
  });

  it('jumps without animating when the visitor prefers reduced motion', async () => {
    const fake = fakeEnvironment({ scrollY: 1000, reducedMotion: true });
    const animation = scrollWindowTo({ top: 0, duration: 700 }, fake.env);
    expect(fake.state.positions).toEqual([0]);
    expect(fake.pendingFrames()).toBe(0);
    await expect(animation.finished).resolves.toBe(true);
  });

  it('jumps when the duration is zero and does nothing when already there', () => {
    const instant = fakeEnvironment({ scrollY: 300 });
    scrollWindowTo({ top: 0, duration: 0 }, instant.env);
    expect(instant.state.positions).toEqual([0]);

    const there = fakeEnvironment({ scrollY: 0 });
    scrollWindowTo({ top: 0, duration: 700 }, there.env);
    expect(there.pendingFrames()).toBe(0);
  });
});

describe('in the browser (jsdom)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function stubScrolling(start: number) {
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: start });
    // jsdom does not implement scrolling: record the calls and move scrollY.
    const scrollTo = vi.fn((options: ScrollToOptions) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: options.top });
    });
    vi.stubGlobal('scrollTo', scrollTo); // window is the global object in vitest's jsdom
    return scrollTo;
  }

  it('reads reduced motion from the media query, and scrolls instantly (not smoothly) per frame', () => {
    expect(browserScrollEnvironment().prefersReducedMotion()).toBe(false); // no matchMedia in jsdom
    stubMatchMedia({ reduce: true });
    expect(browserScrollEnvironment().prefersReducedMotion()).toBe(true);

    const scrollTo = stubScrolling(600);
    browserScrollEnvironment().scrollToY(10);
    expect(scrollTo).toHaveBeenCalledWith({ top: 10, left: window.scrollX, behavior: 'instant' });
  });

  it('the scrollWindow actor animates while running and lands on the target when stopped', async () => {
    vi.useFakeTimers();
    const scrollTo = stubScrolling(1000);
    const actor = createActor(scrollWindow, { input: { top: 0, duration: 700 } }).start();
    await vi.advanceTimersByTimeAsync(350);
    expect(scrollTo).toHaveBeenCalled();
    expect(window.scrollY).toBeGreaterThan(0);
    expect(window.scrollY).toBeLessThan(1000);

    // The machine leaves its scrolling state when the duration is over, possibly just before the
    // animation's last frame: stopping lands exactly on the target.
    actor.stop();
    expect(window.scrollY).toBe(0);
    const calls = scrollTo.mock.calls.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(scrollTo.mock.calls.length).toBe(calls);
  });
});
