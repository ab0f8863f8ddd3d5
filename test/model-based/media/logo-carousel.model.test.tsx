// logoCarousel, walked through the real <LogoCarousel /> view along every edge of the production
// machine's graph. The react-splide chunk's loading, its component and the Splide instance are
// fakes here (the real react-splide runs in test/unit/media/logo-carousel.hydration.test.tsx and in
// Chromium, test/e2e/theme-sliders.e2e.test.ts): the fake component records the props the view
// gives it, and its react-splide event props are how the model performs Splide's events. The
// states check what the visitor sees and which command the machine gave Splide's autoplay.
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { home } from '../../support/site-content.ts';
import { logoCarouselMachine } from '../../../src/machines/media/logo-carousel.machine.ts';
import { LOGO_CAROUSEL_INTERVAL_MS, LOGO_CAROUSEL_SPEED_MS } from '../../../src/machines/shared/theme.constants.ts';
import type { SplideCarouselComponent, SplideCarouselProps, SplideHandle } from '../../../src/services/media/splide-carousel.actor.ts';
import { LogoCarousel } from '../../../src/views/media/logo-carousel.view.tsx';
import { describeModel, fakeCallbackActor, fakePromiseActor, type FakeCallbackActor, type FakePromiseActor } from '../harness/index.ts';

const clients = home.clients.items;
const LABEL = 'Client logos';
const ROOT_ID = 'client-logos';
const STOP = 'Stop automatic logo rotation';
const START = 'Start automatic logo rotation';

/** Stands in for the mounted Splide instance: the machine only hands it to its actor. */
const splide = { stand: 'in' } as unknown as SplideHandle;

/** The props the view last gave the fake react-splide component (reset by each render of it). */
let carouselProps: SplideCarouselProps | undefined;
/** Makes the mounted fake component throw on its next render, as Splide can (set by each render). */
let crashCarousel: (() => void) | undefined;
/** Stands in for the chunk's react-splide component: Splide's root markup, marked as the chunk's. */
const FakeSplideCarousel: SplideCarouselComponent = (props) => {
  const [crashed, setCrashed] = useState(false);
  if (crashed) throw new TypeError('matchMedia is not a function');
  crashCarousel = () => setCrashed(true);
  carouselProps = props;
  return (
    <div id={props.rootId} className="splide logo-carousel__viewport" aria-label={props.label} data-chunk="react-splide">
      <div className="splide__track">
        <ul className="splide__list">
          {props.slides.map((slide) => (
            <li key={slide.key} className="splide__slide logo-carousel__slide">
              {slide.content}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
};
const props = () => {
  if (!carouselProps) throw new Error('the view has not rendered the react-splide component');
  return carouselProps;
};

type Snapshot = SnapshotFrom<typeof logoCarouselMachine>;
const motion = (fakes: Record<string, unknown>) => fakes.reducedMotion as FakeCallbackActor;
const loader = (fakes: Record<string, unknown>) => fakes.loadSplideCarousel as FakePromiseActor;
const carousel = (fakes: Record<string, unknown>) => fakes.splideCarousel as FakeCallbackActor<{ splide: SplideHandle }>;
const lastCommand = (fakes: Record<string, unknown>) => carousel(fakes).running?.received.at(-1)?.type;
const rotationButton = (container: HTMLElement) => container.querySelector('.logo-carousel__rotation');

/** Every state shows every logo, by name, in Splide's markup: the plain list, or the chunk's component. */
function expectLogos(container: HTMLElement, state: string, rendered: 'list' | 'react-splide') {
  for (const client of clients) expect(screen.getByRole('img', { name: client.name })).toBeInTheDocument();
  const root = container.querySelector(`#${ROOT_ID}.splide`);
  expect(root).toHaveAttribute('aria-label', LABEL);
  if (rendered === 'list') expect(root).not.toHaveAttribute('data-chunk');
  else expect(root).toHaveAttribute('data-chunk', 'react-splide');
  expect(container.querySelectorAll(`#${ROOT_ID} .splide__slide`)).toHaveLength(clients.length);
  expect(container.querySelector('.logo-carousel')).toHaveAttribute('data-state', state);
}

/** The component got the machine's settings and every logo, in order. */
function expectCarouselProps() {
  const given = props();
  expect(given).toMatchObject({ rootId: ROOT_ID, label: LABEL, intervalMs: LOGO_CAROUSEL_INTERVAL_MS, speedMs: LOGO_CAROUSEL_SPEED_MS });
  expect(given.slides.map((slide) => slide.key)).toEqual(clients.map((client) => client.logo));
}

/** Without a rotation to control, the button keeps its place but is not there for anyone. */
function expectNoRotationButton(container: HTMLElement) {
  expect(screen.queryByRole('button', { name: /automatic logo rotation/ })).toBeNull();
  expect(rotationButton(container)).not.toBeVisible();
}

describeModel({
  machine: logoCarouselMachine,
  input: { rootId: ROOT_ID, label: LABEL, load: () => Promise.reject(new Error('the model loads through the fake loader')) },
  eventSamples: [
    { type: 'xstate.done.actor.loadSplideCarousel', output: FakeSplideCarousel },
    { type: 'xstate.error.actor.loadSplideCarousel', error: new Error('chunk failed to load') },
    { type: 'carousel.mounted', splide },
  ],
  serializeState: (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, reduced: snapshot.context.reduced }),
  fakes: {
    reducedMotion: () => fakeCallbackActor(),
    loadSplideCarousel: () => fakePromiseActor(),
    splideCarousel: () => fakeCallbackActor(),
  },
  setup: () => {
    carouselProps = undefined;
    crashCarousel = undefined;
  },
  render: (harness) => <LogoCarousel clients={clients} words={{ ...home.clients.carousel, label: LABEL }} rootId={ROOT_ID} {...harness} />,
  events: {
    'motion.allow': ({ fakes }) => act(() => motion(fakes).running?.sendBack({ type: 'motion.allow' })),
    'motion.reduce': ({ fakes }) => act(() => motion(fakes).running?.sendBack({ type: 'motion.reduce' })),
    // react-splide's event props, as the real component calls them (onMounted with the instance).
    'carousel.mounted': () => act(() => props().onMounted(splide)),
    'carousel.hold': () => act(() => props().onAutoplayPause()),
    'carousel.resume': () => act(() => props().onAutoplayPlay()),
    // Splide throws inside the component; the view's error boundary tells the machine.
    'carousel.error': () => {
      if (!crashCarousel) throw new Error('the view has not rendered the react-splide component');
      // React reports the caught error on the console; the state checks are what matters here.
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        act(() => crashCarousel?.());
      } finally {
        quiet.mockRestore();
      }
    },
    'rotation.pause': ({ user }) => user.click(screen.getByRole('button', { name: STOP })),
    'rotation.play': ({ user }) => user.click(screen.getByRole('button', { name: START })),
  },
  states: {
    loading: ({ fakes, container }) => {
      expectLogos(container, 'loading', 'list');
      expectNoRotationButton(container);
      // The view hands the machine the chunk's dynamic import; the machine's loader calls it.
      const input = loader(fakes).pending?.input as { load: () => Promise<unknown> } | undefined;
      expect(input?.load).toBeTypeOf('function');
      expect(carouselProps).toBeUndefined();
      expect(carousel(fakes).running).toBeUndefined();
    },
    mounting: ({ fakes, container }) => {
      // The component is in the list's place; Splide has not handed its instance back yet.
      expectLogos(container, 'mounting', 'react-splide');
      expectCarouselProps();
      expectNoRotationButton(container);
      expect(carousel(fakes).running).toBeUndefined();
    },
    failed: ({ fakes, container }) => {
      // The chunk could not load, or Splide threw: the logos stay as the prerendered list (not the
      // chunk's component), with nothing to control.
      expectLogos(container, 'failed', 'list');
      expectNoRotationButton(container);
      expect(carousel(fakes).running).toBeUndefined();
    },
    'mounted.still': ({ fakes, container }) => {
      expectLogos(container, 'mounted.still', 'react-splide');
      expectCarouselProps();
      expectNoRotationButton(container);
      expect(carousel(fakes).running?.input.splide).toBe(splide);
      // Never told to play, or told to stop when the visitor's preference changed.
      expect([undefined, 'autoplay.pause']).toContain(lastCommand(fakes));
    },
    'mounted.playing.moving': ({ fakes, container }) => {
      expectLogos(container, 'mounted.playing.moving', 'react-splide');
      expectCarouselProps();
      expect(screen.getByRole('button', { name: STOP })).toHaveAttribute('aria-controls', ROOT_ID);
      expect(lastCommand(fakes)).toBe('autoplay.play');
    },
    'mounted.playing.held': ({ fakes, container }) => {
      // Splide holds while hovered or focused; the rotation itself is still on.
      expectLogos(container, 'mounted.playing.held', 'react-splide');
      expectCarouselProps();
      expect(screen.getByRole('button', { name: STOP })).toBeVisible();
      expect(lastCommand(fakes)).toBe('autoplay.play');
    },
    'mounted.stopped': ({ fakes, container }) => {
      expectLogos(container, 'mounted.stopped', 'react-splide');
      expectCarouselProps();
      expect(screen.getByRole('button', { name: START })).toBeVisible();
      expect(lastCommand(fakes)).toBe('autoplay.pause');
    },
  },
});
