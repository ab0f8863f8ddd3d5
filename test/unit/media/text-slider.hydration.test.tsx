// The testimonials slider is prerendered as a plain list of every quote (readable with JavaScript
// off) and hydrated over that list: the first client render must equal the server's, and only
// then does the machine, hearing the motion preference, turn the list into a slider.
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { home } from '../../support/site-content.ts';
import { TextSlider } from '../../../src/views/media/text-slider.view.tsx';
import { hydrateWithoutMismatch } from '../../support/hydrate-without-mismatch.ts';
import { stubMatchMedia } from '../../support/stub-match-media.ts';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const slider = <TextSlider slides={home.testimonials.items} label={home.testimonials.heading} controls={home.testimonials.controls} />;

async function hydrate(html: string) {
  const hydrated = await hydrateWithoutMismatch(slider, html);
  root = hydrated.root;
  return hydrated.container;
}

it('prerenders every quote as a list, without carousel controls', () => {
  const html = renderToString(slider);
  expect(html).toMatch(/^<div class="text-slider" data-state="listing">/);
  expect(html).not.toContain('aria-roledescription');
  expect(html).not.toContain('<button');
  expect(html.match(/<li /g)).toHaveLength(home.testimonials.items.length);
  for (const item of home.testimonials.items) expect(html).toContain(item.name);
});

it('hydrates the list without a mismatch, then becomes a rotating carousel', async () => {
  const html = renderToString(slider);
  // jsdom has no matchMedia: the real reducedMotion actor reports that motion is allowed.
  await hydrate(html);
  const carousel = screen.getByRole('group', { name: home.testimonials.heading });
  expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  expect(carousel).toHaveAttribute('data-state', 'slider.rotating.playing');
  expect(screen.getByRole('button', { name: 'Stop automatic slide show' })).toBeVisible();
  expect(screen.queryByRole('list')).toBeNull();
});

it('hydrates into a still carousel for a visitor who prefers reduced motion', async () => {
  const html = renderToString(slider);
  stubMatchMedia({ reduce: true });
  await hydrate(html);
  const carousel = screen.getByRole('group', { name: home.testimonials.heading });
  expect(carousel).toHaveAttribute('data-state', 'slider.still');
  expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
});
