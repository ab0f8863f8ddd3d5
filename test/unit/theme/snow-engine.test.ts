// The snow simulation (plain data, no canvas): the configured numbers of flakes, falling flakes
// wrap to the top, sticky flakes settle at the bottom and stay, regeneration starts them anew;
// and the page-visibility actor that pauses it.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { SNOW_FALLING_FLAKES, SNOW_STICKY_FLAKES } from '../../../src/machines/shared/theme.constants.ts';
import { createPageVisibility, type VisibilityDocument } from '../../../src/services/shared/page-visibility.actor.ts';
import { advanceSnow, createSnowState, drawnX, regenerateSticky, snowEngine } from '../../../src/services/theme/snow-engine.service.ts';

/** A repeatable "random" sequence. */
function seeded(seed = 1) {
  let value = seed;
  return () => {
    value = (value * 16807) % 2147483647;
    return (value - 1) / 2147483646;
  };
}

const COUNTS = { falling: SNOW_FALLING_FLAKES, sticky: SNOW_STICKY_FLAKES };

describe('the snow simulation', () => {
  it('has the configured numbers of flakes, all within the width', () => {
    const state = createSnowState(800, 600, COUNTS, seeded());
    expect(state.falling).toHaveLength(100);
    expect(state.sticky).toHaveLength(50);
    for (const flake of [...state.falling, ...state.sticky]) {
      expect(flake.x).toBeGreaterThanOrEqual(0);
      expect(flake.x).toBeLessThanOrEqual(800);
    }
    // Sticky flakes start above the screen and rest in a band at its bottom edge.
    for (const flake of state.sticky) {
      expect(flake.y).toBeLessThan(0);
      expect(flake.restY).toBeGreaterThan(600 - 20);
      expect(flake.restY).toBeLessThanOrEqual(600);
    }
  });

  it('wraps falling flakes to the top and settles sticky flakes for good', () => {
    const random = seeded(7);
    const state = createSnowState(800, 600, COUNTS, random);
    // Long enough for every flake to have crossed the screen several times.
    for (let step = 0; step < 2000; step += 1) advanceSnow(state, 0.05, random);
    for (const flake of state.falling) expect(flake.y).toBeLessThanOrEqual(600 + flake.r);
    for (const flake of state.sticky) expect(flake.y).toBe(flake.restY);
    const settled = state.sticky.map((flake) => ({ x: drawnX(flake), y: flake.y }));
    advanceSnow(state, 1, random);
    expect(state.sticky.map((flake) => ({ x: drawnX(flake), y: flake.y })), 'settled flakes do not move').toEqual(settled);

    regenerateSticky(state, random);
    expect(state.sticky).toHaveLength(50);
    for (const flake of state.sticky) expect(flake.y).toBeLessThan(0);
  });

  it('runs a scene on a canvas without a 2D context (jsdom) and cleans up', () => {
    const canvas = document.createElement('canvas');
    const scene = snowEngine.create(canvas, COUNTS);
    expect(canvas.width).toBe(window.innerWidth);
    scene.play();
    scene.regenerateSticky();
    scene.pause();
    expect(() => scene.destroy()).not.toThrow();
  });
});

describe('pageVisibility', () => {
  it('reports the tab’s visibility at once and on every change, until stopped', () => {
    const listeners = new Set<() => void>();
    const page = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    const received: string[] = [];
    const parent = createMachine({
      initial: 'on',
      states: { on: { invoke: { src: createPageVisibility(() => page as unknown as VisibilityDocument) }, on: { stop: 'off' } }, off: {} },
      on: { '*': { actions: ({ event }: { event: EventObject }) => received.push(event.type) } },
    });
    const actor = createActor(parent).start();
    page.visibilityState = 'hidden';
    listeners.forEach((listener) => listener());
    page.visibilityState = 'visible';
    listeners.forEach((listener) => listener());
    expect(received).toEqual(['page.visible', 'page.hidden', 'page.visible']);
    actor.send({ type: 'stop' });
    expect(listeners.size).toBe(0);
  });
});
