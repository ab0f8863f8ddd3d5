// The services behind the main menu: scrolling to a section (and focusing it, and showing it in
// the address bar), the section under the reading line, and making the rest of the page inert.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyActorLogic, type EventObject } from 'xstate';
import {
  createSectionPositionEvents,
  sectionAtLine,
  type SectionPositionPage,
} from '../../../src/services/theme/section-position.actor.ts';
import {
  createScrollToSection,
  focusSection,
  sectionScrollTop,
  showSectionInAddress,
  type SectionScrollPage,
} from '../../../src/services/theme/section-scroll.actor.ts';
import { createPageInert, makeRestInert } from '../../../src/services/shared/page-inert.actor.ts';
import type { ScrollAnimation } from '../../../src/services/theme/scroll-to.service.ts';

/** Runs an actor under a parent machine and records what it sends back and how it ends. */
function run(logic: AnyActorLogic, input: unknown) {
  const received: EventObject[] = [];
  const parent = createMachine({
    invoke: { id: 'child', src: logic, input, onDone: { actions: () => received.push({ type: 'done' }) }, onError: { actions: ({ event }) => received.push({ type: 'error', error: (event as { error: unknown }).error } as EventObject) } },
    on: { '*': { actions: ({ event }: { event: EventObject }) => received.push(event) } },
  });
  const actor = createActor(parent).start();
  return { actor, received };
}

function element(id: string, top: number): HTMLElement {
  const node = document.createElement('section');
  node.id = id;
  node.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 100, height: 500 });
  return node;
}

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('sectionScrollTop', () => {
  it('puts the section `offset` pixels below the top of the window', () => {
    expect(sectionScrollTop(element('a', 900), 70, 100)).toBe(930);
    expect(sectionScrollTop(element('a', 900), 0, 100)).toBe(1000);
  });

  it('never asks for a negative scroll (a section near the top of the page)', () => {
    expect(sectionScrollTop(element('a', 20), 70, 0)).toBe(0);
  });
});

describe('scrollToSection', () => {
  function fakePage(elements: Record<string, Element>, scrollY = 200) {
    let settle: (reached: boolean) => void = () => {};
    const animation: ScrollAnimation = {
      cancel: vi.fn(() => settle(false)),
      finish: vi.fn(() => settle(true)),
      finished: new Promise<boolean>((resolve) => {
        settle = resolve;
      }),
    };
    const scrollTo = vi.fn(() => animation);
    const page: SectionScrollPage = { getElementById: (id) => elements[id] ?? null, getScrollY: () => scrollY, scrollTo };
    return { page, scrollTo, animation, settle: (reached: boolean) => settle(reached) };
  }

  it('animates to the section with the given offset and duration, and is done when it lands', async () => {
    const fake = fakePage({ about: element('about', 1000) });
    const { received } = run(createScrollToSection(() => fake.page), { id: 'about', offset: 70, duration: 750 });
    expect(fake.scrollTo).toHaveBeenCalledWith({ top: 1130, duration: 750 });
    expect(received).toEqual([]);
    fake.settle(true);
    await vi.waitFor(() => expect(received.map((event) => event.type)).toEqual(['done']));
  });

  it('fails with the missing id when the section is not on the page', async () => {
    const fake = fakePage({});
    const { received } = run(createScrollToSection(() => fake.page), { id: 'nowhere', offset: 70, duration: 750 });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(fake.scrollTo).not.toHaveBeenCalled();
    expect(String((received[0] as { error?: unknown }).error)).toContain('there is no section #nowhere on this page');
  });

  it('stops the animation where it is when the machine leaves the state (another link clicked)', () => {
    const fake = fakePage({ about: element('about', 1000) });
    const { actor } = run(createScrollToSection(() => fake.page), { id: 'about', offset: 70, duration: 750 });
    actor.stop();
    expect(fake.animation.cancel).toHaveBeenCalled();
    expect(fake.animation.finish).not.toHaveBeenCalled();
  });
});

describe('focusSection', () => {
  it('makes the section focusable by script only and focuses it', () => {
    const section = element('about', 0);
    document.body.append(section);
    focusSection('about');
    expect(section).toHaveAttribute('tabindex', '-1');
    expect(section).toHaveFocus();
  });

  it('keeps a tabindex the section already has', () => {
    const section = element('about', 0);
    section.tabIndex = 0;
    document.body.append(section);
    focusSection('about');
    expect(section).toHaveAttribute('tabindex', '0');
    expect(section).toHaveFocus();
  });

  it('does nothing for a missing section', () => {
    expect(() => focusSection('nowhere')).not.toThrow();
  });
});

describe('showSectionInAddress', () => {
  it('adds a history entry with the anchor, once', () => {
    const before = window.history.length;
    showSectionInAddress('about');
    expect(window.location.hash).toBe('#about');
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(before + 1);
    showSectionInAddress('about');
    expect(window.history.length).toBe(before + 1);
  });
});

describe('sectionAtLine', () => {
  const boxes = [
    { id: 'home', top: -900, bottom: 60 },
    { id: 'about', top: 60, bottom: 700 },
    { id: 'faq', top: 1500, bottom: 2000 },
  ];

  it('names the section whose box spans the line', () => {
    expect(sectionAtLine(boxes, 120)).toBe('about');
    expect(sectionAtLine(boxes, 60)).toBe('about');
    expect(sectionAtLine(boxes, 59)).toBe('home');
  });

  it('names none when the line is between watched sections or there are none', () => {
    expect(sectionAtLine(boxes, 1000)).toBeNull();
    expect(sectionAtLine([], 120)).toBeNull();
  });
});

describe('sectionPositionEvents', () => {
  function fakePage(tops: Record<string, number>) {
    const listeners = new Set<() => void>();
    const page: SectionPositionPage = {
      viewport: {
        subscribe: (listener) => {
          listeners.add(listener as () => void);
          return () => listeners.delete(listener as () => void);
        },
      },
      getElementById: (id) => (id in tops ? ({ getBoundingClientRect: () => DOMRect.fromRect({ y: tops[id]!, height: 500 }) } as Element) : null),
    };
    const scroll = (next: Record<string, number>) => {
      Object.assign(tops, next);
      for (const listener of [...listeners]) listener();
    };
    return { page, scroll, listeners };
  }

  it('reports the section under the line at once, then only changes', () => {
    const fake = fakePage({ about: 50, services: 550 });
    const { actor, received } = run(createSectionPositionEvents(() => fake.page), { ids: ['about', 'services', 'missing'], line: 120 });
    expect(received).toEqual([{ type: 'section.enter', id: 'about' }]);
    fake.scroll({ about: 0, services: 500 });
    expect(received).toHaveLength(1);
    fake.scroll({ about: -450, services: 50 });
    expect(received.at(-1)).toEqual({ type: 'section.enter', id: 'services' });
    fake.scroll({ about: -2000, services: -1000 });
    expect(received.at(-1)).toEqual({ type: 'section.leave' });
    expect(received).toHaveLength(3);
    actor.stop();
    expect(fake.listeners.size).toBe(0);
  });

  it('says nothing while the line is over no watched section', () => {
    const fake = fakePage({ about: 800 });
    const { received } = run(createSectionPositionEvents(() => fake.page), { ids: ['about'], line: 120 });
    expect(received).toEqual([]);
  });
});

describe('pageInert', () => {
  function page() {
    document.body.innerHTML = `
      <a id="skip" href="#main">Skip</a>
      <div id="root">
        <header><a id="brand" href="/">Brand</a><div id="menu"><button>Menu</button><nav><a href="#a">A</a></nav></div><a id="cta" href="#c">Quote</a></header>
        <main id="main"><a href="#x">X</a></main>
        <aside id="already" inert></aside>
      </div>`;
  }

  it('makes everything but the kept element and its ancestors inert, and undoes exactly that', () => {
    page();
    const undo = makeRestInert(document.getElementById('menu')!);
    expect([...document.querySelectorAll('[inert]')].map((node) => node.id).sort()).toEqual(['already', 'brand', 'cta', 'main', 'skip']);
    expect(document.getElementById('menu')!.closest('[inert]')).toBeNull();
    undo();
    expect([...document.querySelectorAll('[inert]')].map((node) => node.id)).toEqual(['already']);
  });

  it('as an actor: inert while running, usable again once stopped; nothing when the element is missing', () => {
    page();
    const { actor } = run(createPageInert(() => document), { keepId: 'menu' });
    expect(document.getElementById('main')).toHaveAttribute('inert');
    actor.stop();
    expect(document.getElementById('main')).not.toHaveAttribute('inert');

    const missing = run(createPageInert(() => document), { keepId: 'nowhere' });
    expect(document.querySelectorAll('[inert]')).toHaveLength(1);
    missing.actor.stop();
  });
});
