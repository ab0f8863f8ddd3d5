// The page-idle actor: page.idle once, after `load` and the next idle period (or a timeout of 0
// without requestIdleCallback), never before; and nothing after its state ended.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { createPageIdle, IDLE_TIMEOUT_MS, type IdleWindow } from '../../src/services/shared/page-idle.actor.ts';

function fakeWindow(readyState: DocumentReadyState, withIdle: boolean) {
  const load = new Set<() => void>();
  const idle = new Map<number, () => void>();
  const timers = new Map<number, () => void>();
  const idleOptions: unknown[] = [];
  let next = 1;
  const target: IdleWindow = {
    document: { readyState },
    addEventListener: (_, listener) => load.add(listener),
    removeEventListener: (_, listener) => load.delete(listener),
    setTimeout: (callback) => (timers.set(next, callback), next++),
    clearTimeout: (handle) => timers.delete(handle),
    ...(withIdle
      ? {
          requestIdleCallback: (callback: () => void, options?: { timeout: number }) => (idleOptions.push(options), idle.set(next, callback), next++),
          cancelIdleCallback: (handle: number) => idle.delete(handle),
        }
      : {}),
  };
  const run = (queue: Map<number, () => void>) => {
    const callbacks = [...queue.values()];
    queue.clear();
    for (const callback of callbacks) callback();
  };
  return { target, load, idle, timers, idleOptions, fireLoad: () => [...load].forEach((listener) => listener()), runIdle: () => run(idle), runTimers: () => run(timers) };
}

function record(target: IdleWindow | undefined) {
  const received: string[] = [];
  const parent = createMachine({
    initial: 'waiting',
    states: { waiting: { invoke: { src: createPageIdle(() => target) }, on: { stop: 'stopped' } }, stopped: {} },
    on: { '*': { actions: ({ event }: { event: EventObject }) => received.push(event.type) } },
  });
  return { received, actor: createActor(parent).start() };
}

describe('pageIdle', () => {
  it('waits for load, then for an idle period', () => {
    const page = fakeWindow('loading', true);
    const { received } = record(page.target);
    page.runIdle();
    expect(received).toEqual([]);
    page.fireLoad();
    expect(received).toEqual([]);
    expect(page.idleOptions).toEqual([{ timeout: IDLE_TIMEOUT_MS }]);
    page.runIdle();
    expect(received).toEqual(['page.idle']);
  });

  it('goes straight to the idle period on a page already loaded, or a timeout without requestIdleCallback', () => {
    const loaded = fakeWindow('complete', true);
    const first = record(loaded.target);
    loaded.runIdle();
    expect(first.received).toEqual(['page.idle']);

    const old = fakeWindow('complete', false);
    const second = record(old.target);
    expect(second.received).toEqual([]);
    old.runTimers();
    expect(second.received).toEqual(['page.idle']);
  });

  it('cleans up when its state ends, before or after load', () => {
    const beforeLoad = fakeWindow('interactive', true);
    record(beforeLoad.target).actor.send({ type: 'stop' });
    expect(beforeLoad.load.size).toBe(0);

    const afterLoad = fakeWindow('interactive', false);
    const { actor, received } = record(afterLoad.target);
    afterLoad.fireLoad();
    actor.send({ type: 'stop' });
    expect(afterLoad.timers.size).toBe(0);
    expect(received).toEqual([]);
  });

  it('sends page.idle at once outside a browser', () => {
    expect(record(undefined).received).toEqual(['page.idle']);
  });
});
