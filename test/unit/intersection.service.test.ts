// The intersection service and actor over a fake IntersectionObserver: one observer per root
// margin, shared by every watcher; unobserve when the last watcher of an element stops and
// disconnect when an observer has nothing left; "near" for everything without the API.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { createIntersectionEvents } from '../../src/services/shared/intersection.actor.ts';
import { createIntersectionService, verticalRootMargin, type ObserverConstructor } from '../../src/services/shared/intersection.service.ts';

type Entry = { target: Element; isIntersecting: boolean };

function fakeObserverClass() {
  const instances: FakeObserver[] = [];
  class FakeObserver {
    observed = new Set<Element>();
    unobserved: Element[] = [];
    disconnected = false;
    readonly callback: (entries: Entry[]) => void;
    readonly options: { rootMargin: string };
    constructor(callback: (entries: Entry[]) => void, options: { rootMargin: string }) {
      this.callback = callback;
      this.options = options;
      instances.push(this);
    }
    observe(element: Element) {
      this.observed.add(element);
    }
    unobserve(element: Element) {
      this.observed.delete(element);
      this.unobserved.push(element);
    }
    disconnect() {
      this.disconnected = true;
      this.observed.clear();
    }
    /** What the browser does when elements cross the margin. */
    report(...entries: Entry[]) {
      this.callback(entries);
    }
  }
  return { Observer: FakeObserver as unknown as ObserverConstructor, instances };
}

const MARGIN = verticalRootMargin(500);

describe('verticalRootMargin', () => {
  it('extends the viewport above and below', () => {
    expect(MARGIN).toBe('500px 0px 500px 0px');
    expect(verticalRootMargin(0)).toBe('0px 0px 0px 0px');
  });
  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (px) => {
    expect(() => verticalRootMargin(px)).toThrow(/finite, non-negative number of pixels/);
  });
});

describe('createIntersectionService', () => {
  it('shares one observer per root margin and reports each element to its own watchers', () => {
    const { Observer, instances } = fakeObserverClass();
    const service = createIntersectionService(() => Observer);
    const a = document.createElement('div');
    const b = document.createElement('div');
    const seenA: boolean[] = [];
    const seenB: boolean[] = [];
    const seenA2: boolean[] = [];
    service.observe(a, MARGIN, (near) => seenA.push(near));
    service.observe(b, MARGIN, (near) => seenB.push(near));
    service.observe(a, MARGIN, (near) => seenA2.push(near));
    expect(instances).toHaveLength(1);
    expect(instances[0]?.options).toEqual({ rootMargin: MARGIN });
    expect([...(instances[0]?.observed ?? [])]).toEqual([a, b]);

    instances[0]?.report({ target: a, isIntersecting: false }, { target: b, isIntersecting: true });
    instances[0]?.report({ target: a, isIntersecting: true });
    expect(seenA).toEqual([false, true]);
    expect(seenA2).toEqual([false, true]);
    expect(seenB).toEqual([true]);

    service.observe(a, verticalRootMargin(100), () => undefined);
    expect(instances).toHaveLength(2);
    expect(instances[1]?.options.rootMargin).toBe('100px 0px 100px 0px');
  });

  it('unobserves an element when its last watcher stops and disconnects an empty observer', () => {
    const { Observer, instances } = fakeObserverClass();
    const service = createIntersectionService(() => Observer);
    const a = document.createElement('div');
    const b = document.createElement('div');
    const seen: boolean[] = [];
    const stopA1 = service.observe(a, MARGIN, (near) => seen.push(near));
    const stopA2 = service.observe(a, MARGIN, () => undefined);
    const stopB = service.observe(b, MARGIN, () => undefined);
    const observer = instances[0];

    stopA1();
    expect(observer?.unobserved).toEqual([]);
    observer?.report({ target: a, isIntersecting: true });
    expect(seen, 'a stopped watcher hears nothing').toEqual([]);
    stopA2();
    stopA2(); // stopping twice is harmless
    expect(observer?.unobserved).toEqual([a]);
    expect(observer?.disconnected).toBe(false);
    stopB();
    expect(observer?.disconnected).toBe(true);

    // The next watcher gets a fresh observer.
    service.observe(a, MARGIN, () => undefined);
    expect(instances).toHaveLength(2);
  });

  it('lets a watcher stop from inside its own callback', () => {
    const { Observer, instances } = fakeObserverClass();
    const service = createIntersectionService(() => Observer);
    const a = document.createElement('div');
    const seen: boolean[] = [];
    const stop = service.observe(a, MARGIN, (near) => {
      seen.push(near);
      if (near) stop();
    });
    instances[0]?.report({ target: a, isIntersecting: true });
    instances[0]?.report({ target: a, isIntersecting: false });
    expect(seen).toEqual([true]);
    expect(instances[0]?.disconnected).toBe(true);
  });

  it('treats every element as near without IntersectionObserver', () => {
    const service = createIntersectionService(() => undefined);
    const seen: boolean[] = [];
    const stop = service.observe(document.createElement('div'), MARGIN, (near) => seen.push(near));
    expect(seen).toEqual([true]);
    expect(() => stop()).not.toThrow();
  });
});

function record(logic: ReturnType<typeof createIntersectionEvents>, input: { getElement: () => Element | null; marginPx: number }) {
  const received: string[] = [];
  const parent = createMachine({
    initial: 'watching',
    states: {
      watching: { invoke: { src: logic, input }, on: { stop: 'stopped' } },
      stopped: {},
    },
    on: { '*': { actions: ({ event }: { event: EventObject }) => received.push(event.type) } },
  });
  return { received, actor: createActor(parent).start() };
}

describe('intersection actor', () => {
  it('sends element.near / element.far for its element and stops watching when its state ends', () => {
    const { Observer, instances } = fakeObserverClass();
    const service = createIntersectionService(() => Observer);
    const element = document.createElement('div');
    const { received, actor } = record(createIntersectionEvents(() => service), { getElement: () => element, marginPx: 500 });
    expect(instances[0]?.options.rootMargin).toBe(MARGIN);
    instances[0]?.report({ target: element, isIntersecting: false });
    instances[0]?.report({ target: element, isIntersecting: true });
    expect(received).toEqual(['element.far', 'element.near']);

    actor.send({ type: 'stop' });
    expect(instances[0]?.unobserved).toEqual([element]);
    expect(instances[0]?.disconnected).toBe(true);
  });

  it('sends element.near at once when there is no element to watch', () => {
    const { Observer, instances } = fakeObserverClass();
    const service = createIntersectionService(() => Observer);
    const { received } = record(createIntersectionEvents(() => service), { getElement: () => null, marginPx: 500 });
    expect(received).toEqual(['element.near']);
    expect(instances).toHaveLength(0);
  });

  it('sends element.near at once without IntersectionObserver', () => {
    const service = createIntersectionService(() => undefined);
    const { received } = record(createIntersectionEvents(() => service), { getElement: () => document.body, marginPx: 500 });
    expect(received).toEqual(['element.near']);
  });
});
