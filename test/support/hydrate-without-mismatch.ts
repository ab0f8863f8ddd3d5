// Hydrates prerendered HTML the way the browser does and fails the test on any mismatch: React
// reports those as recoverable errors or console errors, and then silently re-renders on the
// client (the visitor would see the page flash). Shared by every hydration test.
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, vi } from 'vitest';

export interface Hydrated {
  root: Root;
  container: HTMLDivElement;
  html: string;
}

/** Puts `html` (by default the element rendered on the "server") in the page and hydrates `element` over it. */
export async function hydrateWithoutMismatch(element: ReactElement, html: string = renderToString(element)): Promise<Hydrated> {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const consoleError = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
  return { root: root!, container, html };
}
