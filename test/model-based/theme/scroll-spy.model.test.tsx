// scrollSpy, walked through the real <MainMenuList> view along every edge of the production
// machine's graph. The visitor's scrolling goes through jsdom and the REAL sectionPosition actor
// (on the real viewport service); jsdom has no layout, so each section reports the box it would
// have on a page laid out as below.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { scrollSpyMachine } from '../../../src/machines/theme/scroll-spy.machine.ts';
import { SCROLL_SPY_LINE_PX } from '../../../src/machines/shared/theme.constants.ts';
import { MainMenuList } from '../../../src/views/theme/scroll-spy.view.tsx';
import { describeModel, scrollWindowTo, setViewport } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof scrollSpyMachine>;

/** The page's sections, by their top and height in the document. */
const layout: Record<string, { top: number; height: number }> = {
  about: { top: 1000, height: 800 },
  services: { top: 1800, height: 900 },
};

/** A scroll offset that puts each section under the reading line, and one above them all. */
const scrollFor = (id: string | null) => (id === null ? 0 : layout[id]!.top - SCROLL_SPY_LINE_PX + 40);

const items = [
  { label: 'Home', href: '/#home' },
  { label: 'About', href: '/#about' },
  { label: 'Services', href: '/#services' },
];

/** Boxes as a browser would report them at the window's current scroll offset. */
function stubLayout() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const box = layout[this.id];
    if (!box) return original.call(this);
    return DOMRect.fromRect({ x: 0, y: box.top - window.scrollY, width: 1024, height: box.height });
  };
}

stubLayout();

const menuLink = (name: string) => screen.getByRole('link', { name });

describeModel({
  machine: scrollSpyMachine,
  // `home` is not among this page's watched sections: its item is never marked.
  input: { sectionIds: ['about', 'services'] },
  eventSamples: [
    { type: 'section.enter', id: 'about' },
    { type: 'section.enter', id: 'services' },
  ],
  serializeState: (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, current: snapshot.context.current }),
  // The actor reports changes only: entering the section the line is already over is no event.
  filterEvents: (snapshot, event) => event.type !== 'section.enter' || event.id !== snapshot.context.current,
  setup: () => setViewport({ scrollY: 0, width: 1280 }),
  render: (props) => (
    <>
      <nav aria-label="Main menu">
        <MainMenuList items={items} sectionIds={['about', 'services']} {...props} />
      </nav>
      <section id="about" />
      <section id="services" />
    </>
  ),
  events: {
    'section.enter': async ({ event }) => scrollWindowTo(scrollFor((event as { id: string }).id)),
    'section.leave': async () => scrollWindowTo(scrollFor(null)),
  },
  states: {
    outside: () => {
      for (const name of ['Home', 'About', 'Services']) {
        expect(menuLink(name)).not.toHaveAttribute('aria-current');
        expect(menuLink(name)).not.toHaveClass('is-current');
      }
    },
    inside: ({ snapshot }) => {
      const current = items.find((item) => item.href === `/#${snapshot.context.current}`)!;
      for (const item of items) {
        if (item === current) {
          expect(menuLink(item.label)).toHaveAttribute('aria-current', 'location');
          expect(menuLink(item.label)).toHaveClass('is-current');
        } else {
          expect(menuLink(item.label)).not.toHaveAttribute('aria-current');
        }
      }
    },
  },
});
