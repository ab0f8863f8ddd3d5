// heroSlider, walked through the real hero section along every edge of the production machine's
// graph. The page's idle moment, the visitor's first activity (the first change of slide is a
// delay the harness advances), the motion preference, the Splide chunk's loading, its
// component and the Splide instance are fakes (the real react-splide runs in Chromium,
// test/e2e/hero-slider.e2e.test.ts): the fake component records the props the view gives it,
// and its react-splide event props are how the model performs Splide's events; it can also
// throw as Splide can, with a plain error or a limit error.
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { hero } from '../../support/site-content.ts';
import { heroSliderMachine } from '../../../src/machines/media/hero-slider.machine.ts';
import { HERO_SLIDER_FADE_MS, HERO_SLIDER_INTERVAL_MS } from '../../../src/machines/shared/theme.constants.ts';
import { LIMIT_ERROR_MESSAGE, SliderLimitError, type HeroSliderComponent, type HeroSliderProps } from '../../../src/services/media/hero-slider.actor.ts';
import type { SplideHandle } from '../../../src/services/media/splide-carousel.actor.ts';
import { HeroSection } from '../../../src/views/sections/hero.section.tsx';
import { describeModel, fakeCallbackActor, fakePromiseActor, type FakeCallbackActor, type FakePromiseActor, sendBackFrom } from '../harness/index.ts';

const STOP = hero.slider.pause;
const START = hero.slider.play;
/** Stands in for the mounted Splide instance: the machine only hands it to its actor. */
const splide: SplideHandle = { Components: { Autoplay: { play: () => undefined, pause: () => undefined } } };
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

let sliderProps: HeroSliderProps | undefined;
let crashSlider: ((error: unknown) => void) | undefined;
/** Stands in for the chunk's react-splide slider: Splide's root with every slide, marked as the chunk's. */
const FakeHeroSlider: HeroSliderComponent = (props) => {
  const [crash, setCrash] = useState<{ error: unknown } | null>(null);
  if (crash) throw crash.error;
  crashSlider = (error) => setCrash({ error });
  sliderProps = props;
  return (
    <div id={props.rootId} className="splide hero__slider" aria-label={props.words.label} data-chunk="react-splide">
      <div className="splide__track">
        <ul className="splide__list">
          {props.slides.map((slide) => (
            <li key={slide.key} className="splide__slide hero__slide">
              {slide.content}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
};
const props = () => {
  if (!sliderProps) throw new Error('the view has not rendered the slider');
  return sliderProps;
};

type Snapshot = SnapshotFrom<typeof heroSliderMachine>;
const callback = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor;
const loader = (fakes: Record<string, unknown>) => fakes.loadHeroSlider as FakePromiseActor;
const lastCommand = (fakes: Record<string, unknown>) => callback(fakes, 'splideCarousel').running?.received.at(-1)?.type;
const stage = (container: HTMLElement) => container.querySelector('.hero__stage');
const rotationButton = (container: HTMLElement) => container.querySelector('.hero__rotation');
const from = sendBackFrom;

/** The hero (the first slide) is always there: its h1, its picture and its actions. */
function expectHero() {
  expect(screen.getByRole('heading', { level: 1, name: hero.heading })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: hero.image.alt })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: hero.primaryAction.label }).length).toBeGreaterThan(0);
}

/** Before the slider, after a failure, after a limit error: the hero alone, as prerendered. */
function expectStaticHero(container: HTMLElement, state: string) {
  expectHero();
  expect(container.querySelector('[data-chunk]')).toBeNull();
  expect(container.querySelectorAll('.hero__slide')).toHaveLength(1);
  for (const slide of hero.slides) expect(screen.queryByRole('heading', { name: slide.heading })).toBeNull();
  expect(stage(container)).toHaveAttribute('data-state', state);
  expect(screen.queryByRole('button', { name: START })).toBeNull();
  expect(screen.queryByRole('button', { name: STOP })).toBeNull();
  expect(rotationButton(container)).not.toBeVisible();
}

/** The slider: every slide, in order, the hero first, with the machine's settings. */
function expectSlider(container: HTMLElement, state: string) {
  expectHero();
  expect(container.querySelector('#hero-slider')).toHaveAttribute('data-chunk', 'react-splide');
  for (const slide of hero.slides) expect(screen.getByRole('heading', { level: 2, name: slide.heading })).toBeInTheDocument();
  expect(props()).toMatchObject({ rootId: 'hero-slider', intervalMs: HERO_SLIDER_INTERVAL_MS, speedMs: HERO_SLIDER_FADE_MS, words: hero.slider });
  expect(props().slides.map((slide) => slide.label)).toEqual([hero.heading, ...hero.slides.map((slide) => slide.heading)]);
  expect(stage(container)).toHaveAttribute('data-state', state);
}

describeModel({
  machine: heroSliderMachine,
  input: { load: () => Promise.reject(new Error('the model loads through the fake loader')) },
  eventSamples: [
    { type: 'xstate.done.actor.loadHeroSlider', output: FakeHeroSlider },
    { type: 'xstate.error.actor.loadHeroSlider', error: new Error('chunk failed to load') },
    { type: 'xstate.error.actor.loadHeroSlider', error: new SliderLimitError() },
    { type: 'carousel.mounted', splide },
    { type: 'slider.error', error: new TypeError('matchMedia is not a function') },
    { type: 'slider.error', error: Object.assign(new Error('Too Many Requests'), { status: 429 }) },
  ],
  serializeState: (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, reduced: snapshot.context.reduced }),
  fakes: {
    reducedMotion: () => fakeCallbackActor(),
    pageIdle: () => fakeCallbackActor(),
    visitorActivity: () => fakeCallbackActor(),
    loadHeroSlider: () => fakePromiseActor(),
    splideCarousel: () => fakeCallbackActor(),
  },
  setup: () => {
    sliderProps = undefined;
    crashSlider = undefined;
    consoleError.mockClear();
  },
  render: (harness) => <HeroSection {...harness} />,
  events: {
    'motion.allow': from('reducedMotion'),
    'motion.reduce': from('reducedMotion'),
    'page.idle': from('pageIdle'),
    'visitor.act': from('visitorActivity'),
    'carousel.mounted': () => act(() => props().onMounted(splide)),
    'carousel.hold': () => act(() => props().onAutoplayPause()),
    'carousel.resume': () => act(() => props().onAutoplayPlay()),
    // Splide throws inside the component; the view's error boundary tells the machine.
    'slider.error': ({ event }) => {
      if (!crashSlider) throw new Error('the view has not rendered the slider');
      act(() => crashSlider?.((event as { error: unknown }).error));
    },
    'rotation.pause': ({ user }) => user.click(screen.getByRole('button', { name: STOP })),
    'rotation.play': ({ user }) => user.click(screen.getByRole('button', { name: START })),
  },
  states: {
    waiting: ({ fakes, container }) => {
      expectStaticHero(container, 'waiting');
      expect(callback(fakes, 'pageIdle').running).toBeDefined();
      expect(loader(fakes).instances).toHaveLength(0);
    },
    deferred: ({ fakes, container }) => {
      // Idle, but nothing is fetched until the visitor acts or the first change is due.
      expectStaticHero(container, 'deferred');
      expect(callback(fakes, 'visitorActivity').running).toBeDefined();
      expect(callback(fakes, 'pageIdle').running).toBeUndefined();
      expect(loader(fakes).instances).toHaveLength(0);
    },
    loading: ({ fakes, container }) => {
      expectStaticHero(container, 'loading');
      expect(callback(fakes, 'visitorActivity').running).toBeUndefined();
      expect((loader(fakes).pending?.input as { load?: unknown } | undefined)?.load).toBeTypeOf('function');
    },
    failed: ({ fakes, container }) => {
      expectStaticHero(container, 'failed');
      expect(consoleError).toHaveBeenCalledWith('The hero slider stopped; the hero stays as it is.', expect.anything());
      expect(consoleError).not.toHaveBeenCalledWith(LIMIT_ERROR_MESSAGE);
      expect(callback(fakes, 'splideCarousel').running).toBeUndefined();
    },
    limited: ({ fakes, container }) => {
      // The slider hides itself and says why on the console; the hero stays.
      expectStaticHero(container, 'limited');
      expect(consoleError).toHaveBeenCalledWith(LIMIT_ERROR_MESSAGE);
      expect(callback(fakes, 'splideCarousel').running).toBeUndefined();
    },
    'shown.mounting': ({ fakes, container }) => {
      expectSlider(container, 'shown.mounting');
      expect(rotationButton(container)).not.toBeVisible();
      expect(callback(fakes, 'splideCarousel').running).toBeUndefined();
    },
    'shown.mounted.still': ({ fakes, container }) => {
      expectSlider(container, 'shown.mounted.still');
      expect(rotationButton(container)).not.toBeVisible();
      expect(callback(fakes, 'splideCarousel').running?.input).toEqual({ splide });
      expect([undefined, 'autoplay.pause']).toContain(lastCommand(fakes));
    },
    'shown.mounted.playing.moving': ({ fakes, container }) => {
      expectSlider(container, 'shown.mounted.playing.moving');
      expect(screen.getByRole('button', { name: STOP })).toHaveAttribute('aria-controls', 'hero-slider');
      expect(lastCommand(fakes)).toBe('autoplay.play');
    },
    'shown.mounted.playing.held': ({ fakes, container }) => {
      expectSlider(container, 'shown.mounted.playing.held');
      expect(screen.getByRole('button', { name: STOP })).toBeVisible();
      expect(lastCommand(fakes)).toBe('autoplay.play');
    },
    'shown.mounted.stopped': ({ fakes, container }) => {
      expectSlider(container, 'shown.mounted.stopped');
      expect(screen.getByRole('button', { name: START })).toBeVisible();
      expect(lastCommand(fakes)).toBe('autoplay.pause');
    },
  },
});
