// The logo carousel is prerendered as a plain list of logos (readable with JavaScript off) and
// hydrated over it without a mismatch; then its machine loads the react-splide chunk, the view
// renders the real react-splide component in the list's place, and Splide's events (mounted,
// autoplay pause on hover, play) reach the machine through the component's event props.
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { home } from '../../support/site-content.ts';
import { LogoCarousel } from '../../../src/views/media/logo-carousel.view.tsx';
import { stubMatchMedia } from '../../support/stub-match-media.ts';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const carousel = <LogoCarousel clients={home.clients.items} words={home.clients.carousel} rootId="client-logos" />;

it('prerenders every logo in a list, hydrates it without a mismatch, then renders react-splide, plays and holds on hover', async () => {
  const html = renderToString(carousel);
  expect(html).toMatch(/^<div class="logo-carousel" data-state="loading">/);
  expect(html.match(/<li /g)).toHaveLength(home.clients.items.length);
  for (const client of home.clients.items) expect(html).toContain(`aria-label="${client.name}"`);

  // Splide and the reducedMotion actor read the motion preference: allowed.
  stubMatchMedia();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const consoleError = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, carousel, { onRecoverableError: (error) => recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();

  await waitFor(() => expect(container.querySelector('.logo-carousel')).toHaveAttribute('data-state', 'mounted.playing.moving'), { timeout: 5000 });
  const splideRoot = container.querySelector('#client-logos')!;
  expect(splideRoot).toHaveClass('is-initialized');
  expect(splideRoot).toHaveAttribute('aria-label', 'Client logos');
  expect(splideRoot.querySelectorAll('.splide__slide:not(.splide__slide--clone)')).toHaveLength(home.clients.items.length);
  expect(screen.getByRole('button', { name: 'Stop automatic logo rotation' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Next logo' })).toBeInTheDocument();
  // On the first logo, the loop's previous arrow goes to the last one (it reads "Previous logo" after).
  expect(screen.getByRole('button', { name: 'Go to the last logo' })).toHaveClass('splide__arrow--prev');

  // Splide's pauseOnHover: its autoplay:pause event becomes the machine's hold, and back.
  act(() => splideRoot.dispatchEvent(new MouseEvent('mouseenter')));
  expect(container.querySelector('.logo-carousel')).toHaveAttribute('data-state', 'mounted.playing.held');
  act(() => splideRoot.dispatchEvent(new MouseEvent('mouseleave')));
  expect(container.querySelector('.logo-carousel')).toHaveAttribute('data-state', 'mounted.playing.moving');
});
