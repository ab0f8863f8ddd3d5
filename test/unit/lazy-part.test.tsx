// A part whose chunk cannot be loaded keeps its prerendered HTML, and the rest of the page
// still hydrates; with plain React.lazy the same failure blanks the whole page.
import { act } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, expect, it, vi } from 'vitest';
import { lazyPart } from '../../src/views/shared/lazy-part.ts';

function Part() {
  return <p>Prerendered part</p>;
}

function page(Lazy: ComponentType) {
  return (
    <main>
      <h1>Always there</h1>
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    </main>
  );
}

async function prerendered(): Promise<string> {
  const { prelude } = await prerender(page(lazy(async () => ({ default: Part }))), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function hydrateWith(Lazy: ComponentType) {
  const container = document.createElement('div');
  container.innerHTML = await prerendered();
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, page(Lazy), { onRecoverableError: () => undefined, onUncaughtError: () => undefined });
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return container;
}

it('keeps the prerendered HTML of a part whose chunk fails to load', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const container = await hydrateWith(lazyPart(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))));
  expect(container.textContent).toContain('Always there');
  expect(container.textContent).toContain('Prerendered part');
  expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'), expect.any(TypeError));
});

it('hydrates the part when its chunk loads', async () => {
  const container = await hydrateWith(lazyPart(async () => ({ default: Part })));
  expect(container.querySelector('p')?.textContent).toBe('Prerendered part');
});

it('(why) plain React.lazy loses the whole page on the same failure', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await hydrateWith(lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).catch(() => undefined);
  expect(document.body.textContent).not.toContain('Always there');
});
