// The motion preference actor: the current preference at start, every change after, and
// "allow" where the browser has no matchMedia.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { createReducedMotionEvents, REDUCED_MOTION_QUERY, type MotionWindow } from '../../src/services/shared/reduced-motion.actor.ts';

function fakeMedia(initial: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const queries: string[] = [];
  const target: MotionWindow = {
    matchMedia: ((query: string) => {
      queries.push(query);
      return {
        matches: initial,
        addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      } as unknown as MediaQueryList;
    }) as Window['matchMedia'],
  };
  const change = (matches: boolean) => {
    for (const listener of [...listeners]) listener({ matches } as MediaQueryListEvent);
  };
  return { target, change, listeners, queries };
}

function record(getWindow: () => MotionWindow | undefined) {
  const received: string[] = [];
  const parent = createMachine({
    invoke: { src: createReducedMotionEvents(getWindow) },
    on: { '*': { actions: ({ event }: { event: EventObject }) => received.push(event.type) } },
  });
  const actor = createActor(parent).start();
  return { received, actor };
}

describe('reducedMotionEvents', () => {
  it('sends the current preference at start, then each change', () => {
    const media = fakeMedia(false);
    const { received, actor } = record(() => media.target);
    expect(media.queries).toEqual([REDUCED_MOTION_QUERY]);
    expect(received).toEqual(['motion.allow']);
    media.change(true);
    media.change(false);
    expect(received).toEqual(['motion.allow', 'motion.reduce', 'motion.allow']);
    actor.stop();
    expect(media.listeners.size).toBe(0);
  });

  it('starts reduced when the visitor asks for less motion', () => {
    const media = fakeMedia(true);
    const { received } = record(() => media.target);
    expect(received).toEqual(['motion.reduce']);
  });

  it('allows motion where there is no matchMedia', () => {
    const { received } = record(() => undefined);
    expect(received).toEqual(['motion.allow']);
  });
});
