// The scroll-reveal engine with the real gsap and ScrollTrigger in jsdom: only elements below the
// viewport get the from-state (opacity and transform, nothing that moves layout), elements on
// screen are never touched, and stopping restores every element's own inline style.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_SELECTOR, revealEngine } from '../../src/services/scroll-reveal.engine.ts';

// ScrollTrigger reads matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
});

function placeAt(element: HTMLElement, top: number) {
  element.getBoundingClientRect = () => ({ top, bottom: top + 100, left: 0, right: 100, width: 100, height: 100, x: 0, y: top, toJSON: () => ({}) });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('revealEngine', () => {
  it('hides (for its reveal) only what is still below the viewport, and restores everything on stop', () => {
    document.body.innerHTML = `
      <main>
        <div class="section-heading" id="on-screen"><h2>Seen</h2></div>
        <div class="card" id="below" style="color: red"></div>
        <p id="not-selected"></p>
      </main>`;
    const onScreen = document.getElementById('on-screen')!;
    const below = document.getElementById('below')!;
    const other = document.getElementById('not-selected')!;
    placeAt(onScreen, 100);
    placeAt(below, window.innerHeight + 600);
    placeAt(other, window.innerHeight + 600);

    const stop = revealEngine.start(document, { distancePx: 24, durationMs: 700 });
    expect(onScreen.getAttribute('style')).toBeNull();
    expect(other.getAttribute('style')).toBeNull();
    expect(Number(below.style.opacity)).toBe(0);
    expect(below.style.transform).toContain('translate');
    expect(below.style.color).toBe('red');
    // Only opacity and transform: nothing that takes space.
    for (const property of ['margin', 'top', 'height', 'display', 'position']) expect(below.style.getPropertyValue(property), property).toBe('');

    stop();
    expect(below.getAttribute('style')).toBe('color: red;');
    expect(onScreen.getAttribute('style')).toBeNull();
  });

  it('selects section headings and the home sections’ cards inside main only', () => {
    expect(REVEAL_SELECTOR.split(', ').every((selector) => selector.startsWith('main '))).toBe(true);
    expect(REVEAL_SELECTOR).toContain('main .section-heading');
  });
});
