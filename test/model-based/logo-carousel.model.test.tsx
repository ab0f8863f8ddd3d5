// logoCarousel, walked through the real <LogoCarousel /> view along every edge of the production
// machine's graph. Splide's loading and the instance are fakes here (the service is tested on the
// real Splide in Chromium, test/e2e/theme-sliders.e2e.test.ts): the states check what the visitor
// sees and which command the machine gave Splide's autoplay.
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { home } from '../../content/home.ts';
import { logoCarouselMachine } from '../../src/machines/logo-carousel.machine.ts';
import { LOGO_CAROUSEL_INTERVAL_MS, LOGO_CAROUSEL_SPEED_MS } from '../../src/machines/theme.constants.ts';
import type { SplideHandle } from '../../src/services/splide-carousel.service.ts';
import { LogoCarousel } from '../../src/views/logo-carousel.view.tsx';
import { describeModel, fakeCallbackActor, fakePromiseActor, type FakeCallbackActor, type FakePromiseActor } from './harness/index.ts';

const clients = home.clients.items;
const LABEL = 'Client logos';
const ROOT_ID = 'client-logos';
const STOP = 'Stop automatic logo rotation';
const START = 'Start automatic logo rotation';

/** Stands in for the mounted Splide instance: the machine only hands it to its actor. */
const splide = { stand: 'in' } as unknown as SplideHandle;

type Snapshot = SnapshotFrom<typeof logoCarouselMachine>;
const motion = (fakes: Record<string, unknown>) => fakes.reducedMotion as FakeCallbackActor;
const loader = (fakes: Record<string, unknown>) => fakes.mountSplide as FakePromiseActor;
const carousel = (fakes: Record<string, unknown>) => fakes.splideCarousel as FakeCallbackActor<{ splide: SplideHandle }>;
const lastCommand = (fakes: Record<string, unknown>) => carousel(fakes).running?.received.at(-1)?.type;
const rotationButton = (container: HTMLElement) => container.querySelector('.logo-carousel__rotation');

/** Every state shows every logo, by name, in Splide's markup. */
function expectLogos(container: HTMLElement, state: string) {
  for (const client of clients) expect(screen.getByRole('img', { name: client.name })).toBeInTheDocument();
  expect(container.querySelector(`#${ROOT_ID}.splide`)).toHaveAttribute('aria-label', LABEL);
  expect(container.querySelector('.logo-carousel')).toHaveAttribute('data-state', state);
}

/** Without a rotation to control, the button keeps its place but is not there for anyone. */
function expectNoRotationButton(container: HTMLElement) {
  expect(screen.queryByRole('button', { name: /automatic logo rotation/ })).toBeNull();
  expect(rotationButton(container)).not.toBeVisible();
}

describeModel({
  machine: logoCarouselMachine,
  input: { rootId: ROOT_ID, label: LABEL },
  eventSamples: [
    { type: 'xstate.done.actor.mountSplide', output: splide },
    { type: 'xstate.error.actor.mountSplide', error: new Error('chunk failed to load') },
  ],
  serializeState: (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, reduced: snapshot.context.reduced }),
  fakes: {
    reducedMotion: () => fakeCallbackActor(),
    mountSplide: () => fakePromiseActor(),
    splideCarousel: () => fakeCallbackActor(),
  },
  render: (props) => <LogoCarousel clients={clients} label={LABEL} rootId={ROOT_ID} {...props} />,
  events: {
    'motion.allow': ({ fakes }) => act(() => motion(fakes).running?.sendBack({ type: 'motion.allow' })),
    'motion.reduce': ({ fakes }) => act(() => motion(fakes).running?.sendBack({ type: 'motion.reduce' })),
    'carousel.hold': ({ fakes }) => act(() => carousel(fakes).running?.sendBack({ type: 'carousel.hold' })),
    'carousel.resume': ({ fakes }) => act(() => carousel(fakes).running?.sendBack({ type: 'carousel.resume' })),
    'rotation.pause': ({ user }) => user.click(screen.getByRole('button', { name: STOP })),
    'rotation.play': ({ user }) => user.click(screen.getByRole('button', { name: START })),
  },
  states: {
    loading: ({ fakes, container }) => {
      expectLogos(container, 'loading');
      expectNoRotationButton(container);
      expect(loader(fakes).pending?.input).toEqual({
        rootId: ROOT_ID,
        label: LABEL,
        intervalMs: LOGO_CAROUSEL_INTERVAL_MS,
        speedMs: LOGO_CAROUSEL_SPEED_MS,
      });
      expect(carousel(fakes).running).toBeUndefined();
    },
    failed: ({ fakes, container }) => {
      // Splide could not load: the logos stay as a list, with nothing to control.
      expectLogos(container, 'failed');
      expectNoRotationButton(container);
      expect(carousel(fakes).running).toBeUndefined();
    },
    'mounted.still': ({ fakes, container }) => {
      expectLogos(container, 'mounted.still');
      expectNoRotationButton(container);
      expect(carousel(fakes).running?.input.splide).toBe(splide);
      // Never told to play, or told to stop when the visitor's preference changed.
      expect([undefined, 'autoplay.pause']).toContain(lastCommand(fakes));
    },
    'mounted.playing.moving': ({ fakes, container }) => {
      expectLogos(container, 'mounted.playing.moving');
      expect(screen.getByRole('button', { name: STOP })).toHaveAttribute('aria-controls', ROOT_ID);
      expect(lastCommand(fakes)).toBe('autoplay.play');
    },
    'mounted.playing.held': ({ fakes, container }) => {
      // Splide holds while hovered or focused; the rotation itself is still on.
      expectLogos(container, 'mounted.playing.held');
      expect(screen.getByRole('button', { name: STOP })).toBeVisible();
      expect(lastCommand(fakes)).toBe('autoplay.play');
    },
    'mounted.stopped': ({ fakes, container }) => {
      expectLogos(container, 'mounted.stopped');
      expect(screen.getByRole('button', { name: START })).toBeVisible();
      expect(lastCommand(fakes)).toBe('autoplay.pause');
    },
  },
});
