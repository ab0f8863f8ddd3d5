// snow, walked through the real <Snow> island along every edge of the production machine's graph,
// switched on and off through the machine's input (the content keeps it off). The motion
// preference, the tab's visibility and the chunk's loading are fakes the steps drive; the loaded
// engine is a stand-in that records what its scene is told, run by the REAL snowfall actor on
// the view's canvas. The sticky flakes' regeneration is a delay advanced on the fake clock.
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { snowMachine } from '../../../src/machines/theme/snow.machine.ts';
import { SNOW_FALLING_FLAKES, SNOW_STICKY_FLAKES, SNOW_STICKY_REGENERATE_MS } from '../../../src/machines/shared/theme.constants.ts';
import type { SnowCounts, SnowEngine } from '../../../src/services/theme/snow.actor.ts';
import Snow from '../../../src/views/theme/snow.view.tsx';
import { delayOf, describeModel, type ModelConfig, fakeCallbackActor, fakePromiseActor, type FakeCallbackActor, type FakePromiseActor, type StepExecutor, sendBackFrom } from '../harness/index.ts';

interface FakeScene {
  canvas: HTMLCanvasElement;
  counts: SnowCounts;
  calls: string[];
}

const scenes: FakeScene[] = [];
const fakeEngine: SnowEngine = {
  create(canvas, counts) {
    const scene: FakeScene = { canvas, counts, calls: [] };
    scenes.push(scene);
    return {
      play: () => scene.calls.push('play'),
      pause: () => scene.calls.push('pause'),
      regenerateSticky: () => scene.calls.push('regenerate'),
      destroy: () => scene.calls.push('destroy'),
    };
  },
};

const fake = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor;
const loader = (fakes: Record<string, unknown>) => fakes.loadSnowEngine as FakePromiseActor;
const canvas = (container: HTMLElement) => container.querySelector('canvas.snow') as HTMLCanvasElement;
const scene = () => scenes.at(-1);
const lastCall = () => scene()?.calls.at(-1);

const from = sendBackFrom;

/** Sticky flakes regenerate after SNOW_STICKY_REGENERATE_MS of falling, not before. */
const regenerateAfterDelay: StepExecutor = async ({ event, from, advanceToDelay }) => {
  const regenerations = () => scene()?.calls.filter((call) => call === 'regenerate').length ?? 0;
  const before = regenerations();
  expect(delayOf(snowMachine, event.type, from, event)).toBe(SNOW_STICKY_REGENERATE_MS);
  await advanceToDelay(() => expect(regenerations(), 'regenerated too early').toBe(before));
  expect(regenerations()).toBe(before + 1);
  // …and the scene goes on drawing.
  expect(scene()?.calls.slice(-2)).toEqual(['regenerate', 'play']);
};

/** Never in the way: out of the accessibility tree, and hidden whenever it is not snowing. */
function expectQuietCanvas(container: HTMLElement) {
  expect(canvas(container)).toHaveAttribute('aria-hidden', 'true');
  expect(canvas(container)).not.toBeVisible();
}

function expectNoScene() {
  expect(scenes.every((candidate) => candidate.calls.at(-1) === 'destroy')).toBe(true);
}

/** Types the model by the machine (views wrapped in other elements lose the inference). */
const modelOf = (config: ModelConfig<typeof snowMachine>) => config;

for (const enabled of [true, false]) {
  describeModel(modelOf({
    machine: snowMachine,
    variant: enabled ? 'switched on' : 'switched off',
    input: { enabled, getCanvas: () => null },
    eventSamples: [
      { type: 'xstate.done.actor.loadSnowEngine', output: fakeEngine },
      { type: 'xstate.error.actor.loadSnowEngine', error: new Error('Failed to fetch dynamically imported module') },
    ],
    serializeState: (snapshot: SnapshotFrom<typeof snowMachine>) => JSON.stringify(snapshot.value),
    fakes: {
      reducedMotion: () => fakeCallbackActor(),
      loadSnowEngine: () => fakePromiseActor(),
      pageVisibility: () => fakeCallbackActor(),
    },
    setup: () => {
      scenes.length = 0;
    },
    render: (props) => <Snow enabled={enabled} {...props} />,
    events: {
      'motion.reduce': from('reducedMotion'),
      'motion.allow': from('reducedMotion'),
      'page.hidden': from('pageVisibility'),
      'page.visible': from('pageVisibility'),
      'xstate.after.stickyLifetime.snow.enabled.snowing.falling': regenerateAfterDelay,
    },
    states: {
      off: ({ container, fakes }) => {
        expectQuietCanvas(container);
        // Switched off: not even the motion preference is asked, nothing is loaded.
        expect(fake(fakes, 'reducedMotion').instances).toHaveLength(0);
        expect(loader(fakes).instances).toHaveLength(0);
        expect(scenes).toHaveLength(0);
      },
      'enabled.pending': ({ container, fakes }) => {
        expectQuietCanvas(container);
        expect(loader(fakes).instances).toHaveLength(0);
      },
      'enabled.loading': ({ container, fakes }) => {
        expectQuietCanvas(container);
        expect(loader(fakes).pending).toBeDefined();
        expectNoScene();
      },
      'enabled.snowing.falling': ({ container, fakes }) => {
        expect(canvas(container)).toBeVisible();
        expect(canvas(container)).toHaveAttribute('aria-hidden', 'true');
        expect(scene()?.canvas).toBe(canvas(container));
        expect(scene()?.counts).toEqual({ falling: SNOW_FALLING_FLAKES, sticky: SNOW_STICKY_FLAKES });
        expect(lastCall(), 'drawing').toBe('play');
        expect(fake(fakes, 'pageVisibility').running).toBeDefined();
      },
      'enabled.snowing.paused': ({ container }) => {
        // The tab is hidden: the scene stays (and its flakes where they are) but draws nothing.
        expect(canvas(container)).toBeVisible();
        expect(lastCall()).toBe('pause');
      },
      'enabled.reduced': ({ container, fakes }) => {
        expectQuietCanvas(container);
        expectNoScene();
        expect(loader(fakes).pending).toBeUndefined();
      },
      failed: ({ container }) => {
        expectQuietCanvas(container);
        expect(scenes).toHaveLength(0);
      },
    },
  }));
}
