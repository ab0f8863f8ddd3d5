// The reading sections' views are prerendered (react-dom/server) and hydrated in the browser:
// the HTML reads fully without JavaScript, the first client render equals the server's, and
// only then do the machines (through the real `hydrated` and `clock` actors) take over.
import { act, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { home } from '../../support/site-content.ts';
import { COUNTDOWN_TICK_MS } from '../../../src/machines/shared/theme.constants.ts';
import { ComingSoonView } from '../../../src/views/theme/coming-soon.view.tsx';
import { CountdownView } from '../../../src/views/theme/countdown.view.tsx';
import { FaqList } from '../../../src/views/theme/faq-item.view.tsx';
import { TabsView } from '../../../src/views/theme/tabs.view.tsx';
import { hydrateWithoutMismatch } from '../../support/hydrate-without-mismatch.ts';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

async function hydrate(element: ReactElement) {
  const hydrated = await hydrateWithoutMismatch(element);
  root = hydrated.root;
  return hydrated;
}

describe('tabs ("How we work")', () => {
  const { steps, tabsLabel } = home.process;
  const tabs = <TabsView idPrefix="process" label={tabsLabel} tabs={steps} />;

  it('prerenders every stage as readable text with the tab list hidden', () => {
    const html = renderToString(tabs);
    expect(html).toMatch(/^<div class="tabs" data-state="stacked"><div role="tablist" aria-label="[^"]+" class="tabs__list" hidden="">/);
    expect(html).not.toContain('role="tabpanel"');
    for (const step of steps) {
      expect(html).toContain(step.heading);
      expect(html).toContain(step.text);
    }
    // No panel is hidden: with JavaScript off every stage reads.
    expect(html.match(/class="tabs__panel" hidden/g)).toBeNull();
  });

  it('hydrates without a mismatch, then becomes tabs', async () => {
    await hydrate(tabs);
    const tablist = screen.getByRole('tablist', { name: tabsLabel });
    expect(within(tablist).getAllByRole('tab')).toHaveLength(steps.length);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(steps[0]!.label);
  });
});

describe('FAQ blocks', () => {
  const { items } = home.faq;
  const list = <FaqList items={items} />;

  it('prerenders every answer open under a plain heading', () => {
    const html = renderToString(list);
    expect(html).not.toContain('<button');
    expect(html).not.toMatch(/ hidden/);
    for (const item of items) for (const paragraph of item.answer) expect(html).toContain(paragraph);
  });

  it('hydrates without a mismatch, then every question is a collapsed disclosure button', async () => {
    const { container } = await hydrate(list);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(items.length);
    for (const button of buttons) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const answer = container.querySelector(`#${button.getAttribute('aria-controls')}`)!;
      // jsdom, like Chromium, knows `beforematch`: find-in-page can still reveal the answer.
      expect(answer).toHaveAttribute('hidden', 'until-found');
      expect(answer.textContent).not.toBe('');
    }
  });

  it('falls back to a plain hidden where the browser has no find-in-page reveal', async () => {
    // Take `onbeforematch` away from the prototype that defines it, for this test only.
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.prototype.hasOwnProperty.call(owner, 'onbeforematch')) owner = Object.getPrototypeOf(owner) as object | null;
    expect(owner, 'jsdom defines onbeforematch').not.toBeNull();
    const descriptor = Object.getOwnPropertyDescriptor(owner!, 'onbeforematch')!;
    delete (owner as { onbeforematch?: unknown }).onbeforematch;
    try {
      const { container } = await hydrate(list);
      for (const item of items) expect(container.querySelector(`#faq-${item.id}-answer`)).toHaveAttribute('hidden', '');
    } finally {
      Object.defineProperty(owner!, 'onbeforematch', descriptor);
    }
  });
});

describe('coming-soon panel', () => {
  const panel = home.upcoming.comingSoon;
  const view = <ComingSoonView {...panel} />;

  it('prerenders every item, the arrows hidden, and an empty live region', () => {
    const html = renderToString(view);
    expect(html).toContain('<div class="coming-soon__arrows" hidden="">');
    for (const item of panel.items) expect(html).toContain(item.title);
    expect(html).toContain('<p class="visually-hidden" aria-live="polite" aria-atomic="true"></p>');
  });

  it('hydrates without a mismatch and shows the first item, silently', async () => {
    const { container } = await hydrate(view);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: panel.nextLabel })).toBeVisible();
    expect(container.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement();
  });
});

describe('countdown', () => {
  const content = home.upcoming.countdown;
  const view = <CountdownView {...content} />;
  const target = Date.parse(content.startsAt);
  const digits = () => [...document.querySelectorAll('.countdown__value')].map((element) => element.textContent);

  it('prerenders the date and empty digits, whatever the server clock says', () => {
    const html = renderToString(view);
    expect(html).toContain(`<time dateTime="${content.startsAt}">`);
    expect(html).toContain('role="timer" aria-live="off"');
    expect(html.match(/>--</g)).toHaveLength(4);
  });

  it('hydrates without a mismatch, then ticks every second on the real clock', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, now: target - (((1 * 24 + 2) * 60 + 3) * 60 + 10) * 1000 - 400 });
    await hydrate(view);
    expect(digits()).toEqual(['01', '02', '03', '11']);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(digits()).toEqual(['01', '02', '03', '10']);
    await act(() => vi.advanceTimersByTimeAsync(COUNTDOWN_TICK_MS));
    expect(digits()).toEqual(['01', '02', '03', '09']);
  });

  it('shows the closing copy once the moment has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, now: target - 1500 });
    await hydrate(view);
    expect(digits()).toEqual(['00', '00', '00', '02']);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText(content.finishedText)).toBeVisible();
  });
});
