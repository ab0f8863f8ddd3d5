// The Splide services on their own: the loader returns the chunk's component (and fails by name
// when the chunk has none), and commands reach the instance's autoplay. (The real react-splide:
// test/unit/media/logo-carousel.hydration.test.tsx; in a real browser: test/e2e/theme-sliders.e2e.test.ts.)
import { expect, it, vi } from 'vitest';
import { createActor, createMachine, toPromise } from 'xstate';
import {
  loadSplideCarousel,
  splideCarousel,
  type SplideCarouselComponent,
  type SplideHandle,
} from '../../../src/services/media/splide-carousel.actor.ts';

it('plays and pauses the autoplay of the instance it was given, on command', () => {
  const splide = { Components: { Autoplay: { play: vi.fn(), pause: vi.fn() } } };
  const parent = createMachine({
    invoke: { id: 'splideCarousel', src: splideCarousel, input: { splide: splide as SplideHandle } },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.splideCarousel!;

  child.send({ type: 'autoplay.play' });
  expect(splide.Components.Autoplay.play).toHaveBeenCalledTimes(1);
  expect(splide.Components.Autoplay.pause).not.toHaveBeenCalled();
  child.send({ type: 'autoplay.pause' });
  expect(splide.Components.Autoplay.pause).toHaveBeenCalledTimes(1);
  actor.stop();
});

it('resolves with the chunk’s default export component', async () => {
  const Component: SplideCarouselComponent = () => null;
  const load = vi.fn(() => Promise.resolve({ default: Component }));
  const actor = createActor(loadSplideCarousel, { input: { load } }).start();
  await expect(toPromise(actor)).resolves.toBe(Component);
  expect(load).toHaveBeenCalledTimes(1);
});

it('loads the real react-splide chunk', async () => {
  const actor = createActor(loadSplideCarousel, { input: { load: () => import('../../../src/views/media/splide-logo-carousel.view.tsx') } }).start();
  const Component = await toPromise(actor);
  expect((Component as { type?: { name?: string } }).type?.name).toBe('SplideLogoCarousel');
});

it('fails by name when the chunk has no component, and passes a failed import on', async () => {
  const empty = createActor(loadSplideCarousel, { input: { load: () => Promise.resolve({ default: undefined as unknown as SplideCarouselComponent }) } }).start();
  await expect(toPromise(empty)).rejects.toThrow('logo carousel: the Splide chunk has no default export component');
  const failed = createActor(loadSplideCarousel, { input: { load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) } }).start();
  await expect(toPromise(failed)).rejects.toThrow('Failed to fetch dynamically imported module');
});
