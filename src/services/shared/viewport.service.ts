// The page's scroll position and width, for every machine that needs them.
//
// One passive `scroll` listener and one `resize` listener serve all subscribers, and bursts of
// events are coalesced to one delivery per animation frame: reading layout on every scroll event
// (dozens per frame on some devices) would waste the main thread. The listeners exist only while
// someone is subscribed, so a page without subscribers pays nothing.

export interface Viewport {
  /** Vertical scroll offset of the page, in CSS pixels. */
  scrollY: number;
  /** Layout viewport width including the scrollbar, the width CSS media queries compare. */
  width: number;
}

export type ViewportListener = (viewport: Viewport) => void;

export interface ViewportService {
  /** Current viewport, read now (for the first value a subscriber needs). */
  measure(): Viewport;
  /** Deliver the viewport after every frame with a scroll or resize; returns the unsubscribe. */
  subscribe(listener: ViewportListener): () => void;
}

/** The window-like surface the service needs; tests pass a stand-in. */
export type ViewportWindow = Pick<
  Window,
  'scrollY' | 'innerWidth' | 'addEventListener' | 'removeEventListener' | 'requestAnimationFrame' | 'cancelAnimationFrame'
>;

const LISTENER_OPTIONS: AddEventListenerOptions = { passive: true };

export function createViewportService(target: ViewportWindow): ViewportService {
  const listeners = new Set<ViewportListener>();
  let pendingFrame: number | null = null;

  const measure = (): Viewport => ({ scrollY: target.scrollY, width: target.innerWidth });

  const deliver = () => {
    pendingFrame = null;
    const viewport = measure();
    // Copy: a listener may unsubscribe (or subscribe another) while we iterate.
    for (const listener of [...listeners]) listener(viewport);
  };

  const schedule = () => {
    if (pendingFrame === null) pendingFrame = target.requestAnimationFrame(deliver);
  };

  const start = () => {
    target.addEventListener('scroll', schedule, LISTENER_OPTIONS);
    target.addEventListener('resize', schedule, LISTENER_OPTIONS);
  };

  const stop = () => {
    target.removeEventListener('scroll', schedule, LISTENER_OPTIONS);
    target.removeEventListener('resize', schedule, LISTENER_OPTIONS);
    if (pendingFrame !== null) {
      target.cancelAnimationFrame(pendingFrame);
      pendingFrame = null;
    }
  };

  return {
    measure,
    subscribe(listener) {
      if (listeners.size === 0) start();
      listeners.add(listener);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
  };
}

let shared: ViewportService | undefined;

/**
 * The page's one viewport service. Created on first use, not at import, so server-side
 * rendering can import machines without a `window`.
 */
export function getViewportService(): ViewportService {
  shared ??= createViewportService(window);
  return shared;
}
