// scrollReveal, walked through the real <ScrollReveal> island along every edge of the production
// machine's graph. The motion preference, the page's idle moment, the visitor's first scroll and
// the chunk's loading are fakes the steps drive; the loaded "engine" is a stand-in component for the useGSAP one that
// marks the elements it animates while mounted, rendered by the REAL view, so the states can
// check what the page shows: headings untouched until the engine is mounted (only in `active`),
// and restored the moment it is unmounted.
import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { scrollRevealMachine } from '../../../src/machines/theme/scroll-reveal.machine.ts';
import { REVEAL_DISTANCE_PX, REVEAL_DURATION_MS } from '../../../src/machines/shared/theme.constants.ts';
import type { LoadRevealEngineInput, RevealOptions } from '../../../src/services/theme/scroll-reveal.actor.ts';
import ScrollReveal, { loadScrollRevealEngine } from '../../../src/views/theme/scroll-reveal.view.tsx';
import { describeModel, type ModelConfig, fakeCallbackActor, fakePromiseActor, type FakeCallbackActor, type FakePromiseActor, sendBackFrom } from '../harness/index.ts';

const mounted: RevealOptions[] = [];
let isMounted = false;
/** Stands in for the gsap engine: the from-state it would set, on every heading, while mounted. */
function FakeEngine(options: RevealOptions) {
  useLayoutEffect(() => {
    mounted.push(options);
    isMounted = true;
    const headings = [...document.querySelectorAll<HTMLElement>('main h2')];
    for (const heading of headings) heading.style.opacity = '0';
    return () => {
      isMounted = false;
      for (const heading of headings) heading.style.opacity = '';
    };
  }, [options]);
  return null;
}

const fake = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor;
const loader = (fakes: Record<string, unknown>) => fakes.loadRevealEngine as FakePromiseActor<unknown, LoadRevealEngineInput>;

const from = sendBackFrom;

const heading = () => screen.getByRole('heading', { name: 'Our services' });

function expectUntouched() {
  expect(isMounted).toBe(false);
  expect(heading()).toBeVisible();
  expect(heading().style.opacity).toBe('');
}

/** Types the model by the machine (views wrapped in other elements lose the inference). */
const modelOf = (config: ModelConfig<typeof scrollRevealMachine>) => config;

describeModel(modelOf({
  machine: scrollRevealMachine,
  input: { loadEngine: loadScrollRevealEngine },
  eventSamples: [
    { type: 'xstate.done.actor.loadRevealEngine', output: FakeEngine },
    { type: 'xstate.error.actor.loadRevealEngine', error: new Error('Failed to fetch dynamically imported module') },
  ],
  serializeState: (snapshot: SnapshotFrom<typeof scrollRevealMachine>) => JSON.stringify(snapshot.value),
  fakes: {
    reducedMotion: () => fakeCallbackActor(),
    pageIdle: () => fakeCallbackActor(),
    firstScroll: () => fakeCallbackActor(),
    loadRevealEngine: () => fakePromiseActor(),
  },
  setup: () => {
    mounted.length = 0;
    isMounted = false;
  },
  render: (props) => (
    <main>
      <h2>Our services</h2>
      <ScrollReveal {...props} />
    </main>
  ),
  events: {
    'motion.reduce': from('reducedMotion'),
    'motion.allow': from('reducedMotion'),
    'page.idle': from('pageIdle'),
    // The real first-scroll actor is the sidebar tab's, walked by its model test.
    'page.scroll': from('firstScroll'),
    'page.scrolled': from('firstScroll'),
  },
  states: {
    idle: ({ fakes }) => {
      expectUntouched();
      expect(fake(fakes, 'pageIdle').running).toBeUndefined();
      expect(loader(fakes).instances).toHaveLength(0);
    },
    waiting: ({ fakes }) => {
      // Nothing is fetched before the page has loaded and the browser is idle.
      expectUntouched();
      expect(fake(fakes, 'pageIdle').running).toBeDefined();
      expect(loader(fakes).pending).toBeUndefined();
    },
    waitingForScroll: ({ fakes }) => {
      // Loaded and idle, but nothing is fetched before the visitor scrolls.
      expectUntouched();
      expect(fake(fakes, 'firstScroll').running).toBeDefined();
      expect(fake(fakes, 'pageIdle').running).toBeUndefined();
      expect(loader(fakes).pending).toBeUndefined();
    },
    loading: ({ fakes }) => {
      expectUntouched();
      expect(fake(fakes, 'firstScroll').running).toBeUndefined();
      // The view's own dynamic import of the engine chunk, handed through the machine.
      expect(loader(fakes).pending?.input.load).toBe(loadScrollRevealEngine);
      expect(fake(fakes, 'pageIdle').running).toBeUndefined();
    },
    active: ({ snapshot }) => {
      expect(snapshot.context.engine).toBe(FakeEngine);
      expect(isMounted).toBe(true);
      expect(mounted.at(-1)).toEqual({ distancePx: REVEAL_DISTANCE_PX, durationMs: REVEAL_DURATION_MS });
      expect(heading().style.opacity).toBe('0');
    },
    reduced: ({ fakes }) => {
      // Never animated, or unmounted (and undone) the moment the visitor asked for less motion.
      expectUntouched();
      expect(loader(fakes).pending).toBeUndefined();
      expect(fake(fakes, 'pageIdle').running).toBeUndefined();
    },
    failed: ({ fakes }) => {
      // The page stays as without scripts: complete and visible.
      expectUntouched();
      expect(loader(fakes).pending).toBeUndefined();
    },
  },
}));
