// Whether elements are near the viewport, from ONE IntersectionObserver per root margin: a page
// with a dozen counters and bars costs one observer, not a dozen. Each observed element reports
// `near` (within the margin of the viewport) or not, once at once and again on every change.
// Without IntersectionObserver (old browsers, some test environments) every element counts as
// near, so whatever waits for it still runs and ends on its final state.

export type NearCallback = (near: boolean) => void;

export interface IntersectionService {
  /** Starts watching `element`; the returned function stops (the last watcher frees the observer). */
  observe(element: Element, rootMargin: string, callback: NearCallback): () => void;
}

/** The part of the IntersectionObserver constructor the service uses (tests pass a fake). */
export type ObserverConstructor = new (
  callback: (entries: Array<Pick<IntersectionObserverEntry, 'target' | 'isIntersecting'>>) => void,
  options: { rootMargin: string },
) => Pick<IntersectionObserver, 'observe' | 'unobserve' | 'disconnect'>;

interface SharedObserver {
  observer: Pick<IntersectionObserver, 'observe' | 'unobserve' | 'disconnect'>;
  watchers: Map<Element, Set<NearCallback>>;
}

/** `500px` → `500px 0px 500px 0px`: only the vertical margin matters on a one-column scroll. */
export function verticalRootMargin(px: number): string {
  if (!Number.isFinite(px) || px < 0) throw new RangeError(`root margin must be a finite, non-negative number of pixels (got ${px})`);
  return `${px}px 0px ${px}px 0px`;
}

export function createIntersectionService(getObserver: () => ObserverConstructor | undefined): IntersectionService {
  const shared = new Map<string, SharedObserver>();

  function sharedFor(Observer: ObserverConstructor, rootMargin: string): SharedObserver {
    const existing = shared.get(rootMargin);
    if (existing) return existing;
    const watchers = new Map<Element, Set<NearCallback>>();
    const observer = new Observer(
      (entries) => {
        for (const entry of entries) {
          // A copy: a callback may stop watching (and so change the set) while we iterate.
          for (const callback of [...(watchers.get(entry.target) ?? [])]) callback(entry.isIntersecting);
        }
      },
      { rootMargin },
    );
    const created = { observer, watchers };
    shared.set(rootMargin, created);
    return created;
  }

  return {
    observe(element, rootMargin, callback) {
      const Observer = getObserver();
      if (!Observer) {
        callback(true);
        return () => undefined;
      }
      const entry = sharedFor(Observer, rootMargin);
      let callbacks = entry.watchers.get(element);
      if (!callbacks) {
        callbacks = new Set();
        entry.watchers.set(element, callbacks);
        entry.observer.observe(element);
      }
      callbacks.add(callback);
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        const current = entry.watchers.get(element);
        current?.delete(callback);
        if (current && current.size === 0) {
          entry.watchers.delete(element);
          entry.observer.unobserve(element);
        }
        if (entry.watchers.size === 0) {
          entry.observer.disconnect();
          shared.delete(rootMargin);
        }
      };
    },
  };
}

let pageService: IntersectionService | undefined;

/** The page's service, over the browser's IntersectionObserver (created on first use). */
export function getIntersectionService(): IntersectionService {
  pageService ??= createIntersectionService(() =>
    typeof IntersectionObserver === 'undefined' ? undefined : (IntersectionObserver as unknown as ObserverConstructor),
  );
  return pageService;
}
