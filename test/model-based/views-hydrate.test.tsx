// The two views are prerendered to HTML at build and hydrated in the browser: the first client
// render must equal the server's (the machines' initial states), and only then follow the page,
// here one that loads already scrolled (a reload or an anchor link).
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { BackToTop } from '../../src/views/theme/back-to-top.view.tsx';
import { StickyHeader } from '../../src/views/theme/sticky-header.view.tsx';
import { hydrateWithoutMismatch } from '../support/hydrate-without-mismatch.ts';
import { setViewport } from './harness/index.ts';

const page = (
  <>
    <StickyHeader>
      <nav aria-label="Main">
        <a href="#services">Services</a>
      </nav>
    </StickyHeader>
    <main>Content</main>
    <BackToTop />
  </>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

it('prerenders the initial states and hydrates them without a mismatch', async () => {
  setViewport({ scrollY: 0, width: 1280 });
  const html = renderToString(page);
  // On the server: the full-size header and the button present but hidden.
  expect(html).toMatch(/<header id="header" class="site-header is-shown" data-state="size.normal visibility.pinned">/);
  expect(html).toMatch(/<button type="button" class="back-to-top" aria-label="Back to top" hidden="" aria-hidden="true" data-state="hidden">/);

  // The browser opens the page 1200 px down.
  setViewport({ scrollY: 1200, width: 1280 });
  root = (await hydrateWithoutMismatch(page, html)).root;

  // After hydration the machines heard the viewport and the page shows it.
  expect(screen.getByRole('banner')).toHaveClass('is-smaller');
  expect(screen.getByRole('button', { name: 'Back to top' })).toBeVisible();
});
