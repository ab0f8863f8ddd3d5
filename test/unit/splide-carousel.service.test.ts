// The Splide services on their own: commands reach the instance's autoplay, its autoplay events
// reach the machine, stopping destroys it, and mounting without the element fails by name. (The
// real Splide in a real browser: test/e2e/theme-sliders.e2e.test.ts.)
import { afterEach, expect, it, vi } from 'vitest';
import { createActor, createMachine, toPromise, type EventObject } from 'xstate';
import { mountSplide, splideCarousel, type SplideHandle } from '../../src/services/splide-carousel.service.ts';

function fakeSplide() {
  const handlers = new Map<string, () => void>();
  const splide = {
    Components: { Autoplay: { play: vi.fn(), pause: vi.fn() } },
    on: vi.fn((events: string, callback: () => void) => handlers.set(events, callback)),
    off: vi.fn(),
    destroy: vi.fn(),
  };
  return { splide, emit: (name: string) => handlers.get(name)?.() };
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('plays and pauses the autoplay on command, reports its holds, and destroys Splide when stopped', () => {
  const { splide, emit } = fakeSplide();
  const received: EventObject[] = [];
  const parent = createMachine({
    invoke: { id: 'splideCarousel', src: splideCarousel, input: { splide: splide as unknown as SplideHandle } },
    on: {
      '*': { actions: ({ event }) => received.push(event) },
    },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.splideCarousel!;

  child.send({ type: 'autoplay.play' });
  expect(splide.Components.Autoplay.play).toHaveBeenCalledTimes(1);
  child.send({ type: 'autoplay.pause' });
  expect(splide.Components.Autoplay.pause).toHaveBeenCalledTimes(1);

  emit('autoplay:pause');
  emit('autoplay:play');
  expect(received.map((event) => event.type)).toEqual(['carousel.hold', 'carousel.resume']);

  actor.stop();
  expect(splide.off).toHaveBeenCalledWith(['autoplay:pause', 'autoplay:play']);
  expect(splide.destroy).toHaveBeenCalledWith(true);
});

it('fails by name when the page has no element to mount Splide on', async () => {
  const actor = createActor(mountSplide, { input: { rootId: 'no-such-list', label: 'Client logos', intervalMs: 3000, speedMs: 600 } });
  actor.start();
  await expect(toPromise(actor)).rejects.toThrow('logo carousel: no element #no-such-list to mount Splide on');
});
