// The scroll-reveal engine component with the real gsap, ScrollTrigger and @gsap/react in jsdom:
// mounted, only elements below the viewport get the from-state (opacity and transform, nothing
// that moves layout) with a ScrollTrigger each, elements on screen are never touched; unmounted
// (the machine leaving `active`), useGSAP reverts every tween and trigger and restores each
// element's own inline style. Also the loader the view hands the machine, and the service that
// runs it: the real chunk gives this component, a failed import rejects.
import { render } from '@testing-library/react';
import { ScrollTrigger } from 'gsap/ScrollTrigger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { loadRevealEngine, type RevealEngineLoader } from '../../../src/services/theme/scroll-reveal.actor.ts';
import { REVEAL_SELECTOR, ScrollRevealEngine } from '../../../src/views/theme/scroll-reveal-engine.view.tsx';
import { loadScrollRevealEngine } from '../../../src/views/theme/scroll-reveal.view.tsx';

// ScrollTrigger reads matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
});

function placeAt(element: HTMLElement, top: number) {
  element.getBoundingClientRect = () => ({ top, bottom: top + 100, left: 0, right: 100, width: 100, height: 100, x: 0, y: top, toJSON: () => ({}) });
}

function page() {
  document.body.innerHTML = `
    <main>
      <div class="section-heading" id="on-screen"><h2>Seen</h2></div>
      <div class="card" id="below" style="color: red"></div>
      <div class="office" id="below-too"></div>
      <p id="not-selected"></p>
    </main>`;
  const element = (id: string) => document.getElementById(id)!;
  placeAt(element('on-screen'), 100);
  placeAt(element('below'), window.innerHeight + 600);
  placeAt(element('below-too'), window.innerHeight + 1200);
  placeAt(element('not-selected'), window.innerHeight + 600);
  return { onScreen: element('on-screen'), below: element('below'), belowToo: element('below-too'), other: element('not-selected') };
}

const triggersOn = (element: Element) => ScrollTrigger.getAll().filter((trigger) => trigger.trigger === element);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ScrollRevealEngine (useGSAP)', () => {
  it('while mounted, hides (for its reveal) only what is still below the viewport; unmounted, restores everything', () => {
    const { onScreen, below, belowToo, other } = page();
    // Rendered outside <main>, as the app shell mounts it.
    const host = document.body.appendChild(document.createElement('div'));
    const engine = render(<ScrollRevealEngine distancePx={24} durationMs={700} />, { container: host });
    expect(engine.container.innerHTML).toBe('');

    expect(onScreen.getAttribute('style')).toBeNull();
    expect(other.getAttribute('style')).toBeNull();
    for (const element of [below, belowToo]) {
      expect(Number(element.style.opacity)).toBe(0);
      expect(element.style.transform).toContain('translate');
      // Only opacity and transform: nothing that takes space.
      for (const property of ['margin', 'top', 'height', 'display', 'position']) expect(element.style.getPropertyValue(property), property).toBe('');
      expect(triggersOn(element)).toHaveLength(1);
    }
    expect(below.style.color).toBe('red');
    expect(triggersOn(onScreen)).toHaveLength(0);

    engine.unmount();
    expect(below.getAttribute('style')).toBe('color: red;');
    expect(belowToo.getAttribute('style') ?? '').toBe('');
    expect(onScreen.getAttribute('style')).toBeNull();
    expect(ScrollTrigger.getAll()).toHaveLength(0);
  });

  it('with new options, undoes the old tweens before making new ones', () => {
    const { below } = page();
    const engine = render(<ScrollRevealEngine distancePx={24} durationMs={700} />);
    engine.rerender(<ScrollRevealEngine distancePx={40} durationMs={700} />);
    expect(triggersOn(below)).toHaveLength(1);
    expect(Number(below.style.opacity)).toBe(0);
    engine.unmount();
    expect(below.getAttribute('style')).toBe('color: red;');
    expect(ScrollTrigger.getAll()).toHaveLength(0);
  });

  it('selects section headings and the home sections’ cards inside main only, never the counters or bars', () => {
    const selectors = REVEAL_SELECTOR.split(', ');
    expect(selectors.every((selector) => selector.startsWith('main '))).toBe(true);
    expect(selectors).toContain('main .section-heading');
    expect(REVEAL_SELECTOR).not.toMatch(/counter|capabilit/);
  });
});

describe('loading the engine', () => {
  const load = (loader: RevealEngineLoader) => toPromise(createActor(loadRevealEngine, { input: { load: loader } }).start());

  it('the view’s loader imports the engine chunk and gives its component', async () => {
    expect(await load(loadScrollRevealEngine)).toBe(ScrollRevealEngine);
  });

  it('a failed import rejects (the machine goes to `failed`)', async () => {
    const error = new TypeError('Failed to fetch dynamically imported module');
    await expect(load(() => Promise.reject(error))).rejects.toBe(error);
  });

  it('a chunk without the component is an error, not an engine', async () => {
    await expect(load(() => Promise.resolve(undefined as never))).rejects.toThrow('The scroll-reveal chunk did not export an engine component');
  });
});
