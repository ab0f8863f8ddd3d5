import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { createViewportService, getViewportService, type ViewportWindow } from '../../../src/services/shared/viewport.service.ts';
import { createViewportEvents } from '../../../src/services/theme/viewport-events.actor.ts';

/** A window stand-in whose frames run only when the test says so. */
function fakeWindow() {
  const listeners = new Map<string, Set<EventListener>>();
  const frames = new Map<number, FrameRequestCallback>();
  let nextFrame = 1;
  const target = {
    scrollY: 0,
    innerWidth: 1024,
    addEventListener: vi.fn((type: string, listener: EventListener) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    }),
    removeEventListener: vi.fn((type: string, listener: EventListener) => {
      listeners.get(type)?.delete(listener);
    }),
    requestAnimationFrame: vi.fn((callback: FrameRequestCallback) => {
      frames.set(nextFrame, callback);
      return nextFrame++;
    }),
    cancelAnimationFrame: vi.fn((handle: number) => {
      frames.delete(handle);
    }),
  };
  return {
    target,
    window: target as unknown as ViewportWindow,
    fire: (type: 'scroll' | 'resize') => listeners.get(type)?.forEach((listener) => listener(new Event(type))),
    runFrame: () => {
      const due = [...frames.values()];
      frames.clear();
      due.forEach((callback) => callback(0));
    },
    pendingFrames: () => frames.size,
    listenerCount: (type: string) => listeners.get(type)?.size ?? 0,
  };
}

describe('viewport service', () => {
  it('adds one passive scroll and one passive resize listener, however many subscribe', () => {
    const fake = fakeWindow();
    const service = createViewportService(fake.window);
    expect(fake.target.addEventListener).not.toHaveBeenCalled();

    service.subscribe(() => {});
    service.subscribe(() => {});
    service.subscribe(() => {});

    expect(fake.target.addEventListener).toHaveBeenCalledTimes(2);
    expect(fake.target.addEventListener).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true });
    expect(fake.target.addEventListener).toHaveBeenCalledWith('resize', expect.any(Function), { passive: true });
    expect(fake.listenerCount('scroll')).toBe(1);
    expect(fake.listenerCount('resize')).toBe(1);
  });

  it('coalesces a burst of events into one delivery per animation frame, with the latest values', () => {
    const fake = fakeWindow();
    const service = createViewportService(fake.window);
    const first = vi.fn();
    const second = vi.fn();
    service.subscribe(first);
    service.subscribe(second);

    for (let y = 10; y <= 100; y += 10) {
      fake.target.scrollY = y;
      fake.fire('scroll');
    }
    fake.target.innerWidth = 800;
    fake.fire('resize');

    expect(fake.target.requestAnimationFrame).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    fake.runFrame();
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith({ scrollY: 100, width: 800 });
    expect(second).toHaveBeenCalledTimes(1);

    // The next burst gets the next frame.
    fake.target.scrollY = 0;
    fake.fire('scroll');
    fake.runFrame();
    expect(fake.target.requestAnimationFrame).toHaveBeenCalledTimes(2);
    expect(first).toHaveBeenLastCalledWith({ scrollY: 0, width: 800 });
  });

  it('removes its listeners and cancels a pending frame when the last subscriber leaves', () => {
    const fake = fakeWindow();
    const service = createViewportService(fake.window);
    const staying = vi.fn();
    const leaving = vi.fn();
    const unsubscribeStaying = service.subscribe(staying);
    const unsubscribeLeaving = service.subscribe(leaving);

    unsubscribeLeaving();
    unsubscribeLeaving(); // twice is harmless
    expect(fake.target.removeEventListener).not.toHaveBeenCalled();
    fake.fire('scroll');
    fake.runFrame();
    expect(staying).toHaveBeenCalledTimes(1);
    expect(leaving).not.toHaveBeenCalled();

    fake.fire('scroll');
    expect(fake.pendingFrames()).toBe(1);
    unsubscribeStaying();
    expect(fake.target.removeEventListener).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true });
    expect(fake.target.removeEventListener).toHaveBeenCalledWith('resize', expect.any(Function), { passive: true });
    expect(fake.listenerCount('scroll')).toBe(0);
    expect(fake.listenerCount('resize')).toBe(0);
    expect(fake.target.cancelAnimationFrame).toHaveBeenCalled();
    expect(fake.pendingFrames()).toBe(0);

    // Subscribing again starts over with fresh listeners.
    service.subscribe(staying);
    expect(fake.listenerCount('scroll')).toBe(1);
  });

  it('measures the window on demand', () => {
    const fake = fakeWindow();
    fake.target.scrollY = 42;
    fake.target.innerWidth = 375;
    expect(createViewportService(fake.window).measure()).toEqual({ scrollY: 42, width: 375 });
  });

  describe('on the real (jsdom) window', () => {
    afterEach(() => vi.useRealTimers());

    it('delivers once per animation frame', async () => {
      vi.useFakeTimers();
      const listener = vi.fn();
      const unsubscribe = getViewportService().subscribe(listener);
      for (const y of [5, 50, 500]) {
        Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
        window.dispatchEvent(new Event('scroll'));
      }
      expect(listener).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(17);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(listener).toHaveBeenCalledWith({ scrollY: 500, width: window.innerWidth });
      unsubscribe();
    });
  });
});

describe('viewport events actor', () => {
  /** Runs the callback actor under a parent that records what it sends back. */
  function start(fake: ReturnType<typeof fakeWindow>) {
    const received: AnyEventObject[] = [];
    const parent = createMachine({
      invoke: { src: createViewportEvents(() => createViewportService(fake.window)) },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    });
    const actor = createActor(parent).start();
    return { received, actor };
  }

  it('sends the current viewport at once, then only what changed', () => {
    const fake = fakeWindow();
    fake.target.scrollY = 700;
    fake.target.innerWidth = 1280;
    const { received, actor } = start(fake);
    expect(received).toEqual([
      { type: 'viewport.resize', width: 1280 },
      { type: 'scroll.update', scrollY: 700 },
    ]);

    received.length = 0;
    fake.target.scrollY = 20;
    fake.fire('scroll');
    fake.runFrame();
    expect(received).toEqual([{ type: 'scroll.update', scrollY: 20 }]);

    received.length = 0;
    fake.target.innerWidth = 900;
    fake.fire('resize');
    fake.runFrame();
    expect(received).toEqual([{ type: 'viewport.resize', width: 900 }]);

    received.length = 0;
    fake.fire('scroll'); // nothing moved
    fake.runFrame();
    expect(received).toEqual([]);

    actor.stop();
    expect(fake.listenerCount('scroll')).toBe(0);
  });
});
