// The counters section is prerendered in full (react-dom/static waits for its lazy chunk): the
// final numbers and full bars are in the HTML, readable without scripts. It hydrates without a
// mismatch, and then the machines take over: in jsdom (no IntersectionObserver, so everything
// counts as near) the counters count and end on exactly the prerendered text.
import { act, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, expect, it, vi } from 'vitest';
import { home } from '../../support/site-content.ts';
import { formatCount } from '../../../src/views/theme/counter.view.tsx';
import { CountersSection } from '../../../src/views/sections/counters.section.tsx';
import { withSiteContent } from '../../support/with-site-content.tsx';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function toHtml(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

it('prerenders the final figures and full bars, hydrates, and counts up to the same text', async () => {
  const { prelude } = await prerender(withSiteContent(<CountersSection />));
  const html = await toHtml(prelude);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);

  const finals = home.counters.items.map((item) => `${item.prefix ?? ''}${formatCount(item.value)}${item.suffix ?? ''}`);
  const digits = () => [...container.querySelectorAll('.counter__shown')].map((element) => element.textContent);
  const spoken = () => [...container.querySelectorAll('.counter .visually-hidden')].map((element) => element.textContent);
  expect(digits()).toEqual(finals);
  expect(spoken()).toEqual(finals);
  const bars = [...container.querySelectorAll('[role="progressbar"]')];
  expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(home.counters.capabilities.items.map((item) => String(item.percent)));
  expect(bars.map((bar) => (bar.querySelector('.capability__fill') as HTMLElement).style.transform)).toEqual(
    home.counters.capabilities.items.map((item) => `scaleX(${item.percent / 100})`),
  );
  const firstDigits = container.querySelector('.counter__shown');

  const consoleError = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>{withSiteContent(<CountersSection />)}</StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  // Counting has begun (or finished) and always ends on the prerendered text.
  await waitFor(() => expect(container.querySelector('.counter')?.getAttribute('data-state')).toMatch(/counting|counted/));
  await waitFor(() => expect(digits()).toEqual(finals), { timeout: 4000 });
  await waitFor(() => expect(bars.map((bar) => bar.closest('li')?.getAttribute('data-state'))).toEqual(bars.map(() => 'filled')), { timeout: 4000 });
  expect(spoken()).toEqual(finals);
  expect(recoverable).toEqual([]);
  const errors = consoleError.mock.calls.map((call) => String(call[0])).filter((text) => !text.includes('multiple renderers'));
  expect(errors).toEqual([]);
  // Hydrated, not re-created.
  expect(container.querySelector('.counter__shown')).toBe(firstDigits);
});
