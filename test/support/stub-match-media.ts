// jsdom has no window.matchMedia; every browser does, and Splide and gsap call it when they
// mount. Tests that run those libraries for real stand in a MediaQueryList that never changes.
// (Without a stub, the reducedMotion actor treats motion as allowed, which other tests rely on.)
import { vi } from 'vitest';

/**
 * Stubs matchMedia for the test (undone by `vi.unstubAllGlobals()`); `reduce` answers the
 * reduced-motion query, `matches` any query (asked each time, so a test can change its answer).
 */
export function stubMatchMedia({ reduce = false, matches }: { reduce?: boolean; matches?: (query: string) => boolean } = {}): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: matches ? matches(query) : reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
