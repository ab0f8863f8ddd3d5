import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, firstPaintPresented, priorityPictureSettled } from '../../src/services/shared/after-first-screen.service.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const settled = (promise: Promise<unknown>) => {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
};
const turn = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A PerformanceObserver that reports what the test hands it. */
function fakePaintObserver() {
  const observers: Array<{ callback: PerformanceObserverCallback; disconnected: boolean }> = [];
  class FakePaintObserver {
    static supportedEntryTypes = ['paint'];
    private readonly entry: { callback: PerformanceObserverCallback; disconnected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  return {
    report(name: string) {
      for (const observer of observers) {
        const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
        observer.callback(list as never, {} as never);
      }
    },
    observers,
  };
}

describe('firstPaintPresented', () => {
  it('waits for the first contentful paint entry where paint timing is supported', async () => {
    const paint = fakePaintObserver();
    const state = settled(firstPaintPresented());
    paint.report('first-paint');
    await turn();
    expect(state.done).toBe(false);
    paint.report('first-contentful-paint');
    await turn();
    expect(state.done).toBe(true);
    expect(paint.observers[0]?.disconnected).toBe(true);
  });

  it('otherwise resolves in the task after the next animation frame, not before', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const state = settled(firstPaintPresented());
    await turn();
    expect(state.done).toBe(false); // no frame yet: a page not shown loads nothing
    frames[0]?.(performance.now());
    await Promise.resolve();
    expect(state.done).toBe(false); // the paint comes after the frame's callbacks
    await turn();
    expect(state.done).toBe(true);
  });
});

describe('priorityPictureSettled', () => {
  const pictureLoading = () => {
    document.body.innerHTML = '<img src="/hero.avif" fetchpriority="high"><img src="/other.avif">';
    const picture = document.querySelector('img')!;
    Object.defineProperty(picture, 'complete', { value: false });
    return picture;
  };

  it('resolves at once without a priority picture', async () => {
    document.body.innerHTML = '<img src="/other.avif">';
    const state = settled(priorityPictureSettled());
    await turn();
    expect(state.done).toBe(true);
  });

  it.each(['load', 'error'])('waits for the priority picture until its %s', async (event) => {
    const picture = pictureLoading();
    const state = settled(priorityPictureSettled());
    await turn();
    expect(state.done).toBe(false);
    picture.dispatchEvent(new Event(event));
    await turn();
    expect(state.done).toBe(true);
  });
});

describe('afterFirstScreen', () => {
  it('waits for the paint, then for the picture', async () => {
    const paint = fakePaintObserver();
    const picture = pictureLoadingHero();
    const state = settled(afterFirstScreen());
    picture.dispatchEvent(new Event('load'));
    await turn();
    expect(state.done).toBe(false); // loaded, but nothing presented yet
    paint.report('first-contentful-paint');
    await turn();
    expect(state.done).toBe(true);
  });
});

function pictureLoadingHero(): HTMLImageElement {
  document.body.innerHTML = '<img src="/hero.avif" fetchpriority="high">';
  const picture = document.querySelector('img')!;
  Object.defineProperty(picture, 'complete', { get: () => loaded.has(picture) });
  const loaded = new Set<HTMLImageElement>();
  picture.addEventListener('load', () => loaded.add(picture));
  return picture;
}
