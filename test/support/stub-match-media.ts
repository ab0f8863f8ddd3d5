// jsdom has no window.matchMedia; every browser does, and Splide and gsap call it when they
// mount. Tests that run those libraries for real stand in a MediaQueryList that never changes.
// (Without a stub, the reducedMotion actor treats motion as allowed, which other tests rely on.)
import { vi } from 'vitest';

/** Stubs matchMedia for the test (undone by `vi.unstubAllGlobals()`); `reduce` answers the reduced-motion query. */
export function stubMatchMedia({ reduce = false }: { reduce?: boolean } = {}): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
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
