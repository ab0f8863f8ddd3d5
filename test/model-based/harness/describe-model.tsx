// Runs a machine's model: every path of the production machine's graph is rendered through the
// real view and walked step by step, checking after each step that the rendered actor is where
// the model says and that the visitor sees what each state promises.
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, InspectionEvent, SnapshotFrom } from 'xstate';
import { activeStateNodes, delayOf } from './chart.ts';
import { recordInspectionEvent, writeCoverage } from './coverage-recorder.ts';
import { statePath } from './machine-inventory.ts';
import { buildModelGraph, describeEvent, type ModelPath, type ModelStep } from './model-paths.ts';
import type { ActorCompletionEvent, Fakes, ModelConfig, StepContext, StepExecutor } from './model-types.ts';
import { withSiteContent } from '../../support/with-site-content.tsx';

/** How long a step may take to reach the machine (async actors, frames) before it fails. */
const STEP_TIMEOUT_MS = 2_000;
/**
 * A delay is checked not to fire early by stopping this much before its deadline: the fake clock
 * also follows real time (`shouldAdvanceTime`), so the last few milliseconds are not exact.
 */
const EARLY_CHECK_MARGIN_MS = 100;

/** A delayed event as the root actor scheduled it (XState's `xstate.raise` action with a delay). */
interface ScheduledDelay {
  /** The fake clock's time when the state was entered and the delay started. */
  startedAt: number;
  /** The snapshot the delay started from (a delay function reads its context). */
  snapshot: AnyMachineSnapshot | undefined;
}

/** Follows the rendered root actor through its inspection events (the view creates it). */
function createProbe(logic: AnyStateMachine) {
  let actor: AnyActorRef | undefined;
  let latest: AnyMachineSnapshot | undefined;
  const received: string[] = [];
  /** Every snapshot the root actor has been in (microsteps too), for states it only passed. */
  const passed: AnyMachineSnapshot[] = [];
  const scheduled = new Map<string, ScheduledDelay>();
  return {
    received,
    passed,
    scheduled,
    inspect(event: InspectionEvent) {
      recordInspectionEvent(event);
      // The root actor runs exactly the logic the harness rendered (child actors run others).
      if ((event.actorRef as { logic?: unknown }).logic !== logic) return;
      actor = event.actorRef as AnyActorRef;
      if (event.type === '@xstate.event') received.push(event.event.type);
      if (event.type === '@xstate.microstep' || event.type === '@xstate.snapshot') {
        latest = event.snapshot as AnyMachineSnapshot;
        passed.push(latest);
      }
      if (event.type === '@xstate.action' && event.action.type === 'xstate.raise') {
        const raised = (event.action.params as { event?: EventObject } | undefined)?.event;
        if (raised?.type.startsWith('xstate.after.')) scheduled.set(raised.type, { startedAt: Date.now(), snapshot: latest });
      }
    },
    get actor(): AnyActorRef {
      if (!actor) throw new Error('the view did not start the machine it was given (pass `logic` and `inspect` through)');
      return actor;
    },
  };
}

type Probe = ReturnType<typeof createProbe>;

/**
 * `xstate.after.*`: advance the fake clock to the delay's deadline (the chart's delay from when
 * the state was entered), checking it does not fire earlier.
 */
async function advanceToDelay(step: StepContext, probe: Probe, machine: AnyStateMachine, beforeDeadline?: () => void) {
  const scheduled = probe.scheduled.get(step.event.type);
  if (!scheduled) throw new Error(`no timer is scheduled for ${step.event.type}`);
  const delay = delayOf(machine, step.event.type, scheduled.snapshot ?? step.from, step.event);
  const deadline = scheduled.startedAt + delay;
  const early = deadline - Date.now() - EARLY_CHECK_MARGIN_MS;
  if (early > 0) {
    await act(() => vi.advanceTimersByTimeAsync(early));
    expect(probe.received, `${step.event.type} fired before its ${delay} ms`).not.toContain(step.event.type);
    beforeDeadline?.();
  }
  await act(() => vi.advanceTimersByTimeAsync(Math.max(0, deadline - Date.now()) + 1));
}

/** `xstate.done.actor.<id>` / `xstate.error.actor.<id>`: settle the fake invoked as `<id>`. */
async function settleFakeActor<TMachine extends AnyStateMachine>(step: StepContext<TMachine>, outcome: 'done' | 'error', effects: ModelConfig<TMachine>['effects']) {
  const id = step.event.type.slice(`xstate.${outcome}.actor.`.length);
  const fake = step.fakes[id];
  if (fake?.kind !== 'promise') {
    throw new Error(`${step.event.type}: provide a fakePromiseActor() for "${id}" in the model's fakes`);
  }
  const event = step.event as EventObject & { output?: unknown; error?: unknown };
  const input = (fake.pending?.input ?? {}) as Record<string, unknown>;
  await act(async () => {
    if (outcome === 'done') fake.resolve(event.output);
    else fake.reject(event.error ?? new Error('model-based test: rejected'));
    await vi.advanceTimersByTimeAsync(0);
  });
  await effects?.[id]?.({ input, from: step.from, event: event as ActorCompletionEvent });
}

function executorFor<TMachine extends AnyStateMachine>(config: ModelConfig<TMachine>, type: string, probe: Probe): StepExecutor {
  const own = (config.events as Record<string, StepExecutor | undefined> | undefined)?.[type];
  if (own) return own;
  if (type.startsWith('xstate.after.')) return (step) => advanceToDelay(step, probe, config.machine);
  if (type.startsWith('xstate.done.actor.')) return (step) => settleFakeActor(step as StepContext<TMachine>, 'done', config.effects);
  if (type.startsWith('xstate.error.actor.')) return (step) => settleFakeActor(step as StepContext<TMachine>, 'error', config.effects);
  throw new Error(`${config.machine.id}: no executor for "${type}": add it to the model's events`);
}

/**
 * The view rendered, or prerendered to HTML (with nothing inspected) and hydrated over it as the
 * browser does, in an awaited act(): parts that suspend while hydrating keep their HTML and are
 * tried again when what they wait for settles.
 */
async function renderView<TMachine extends AnyStateMachine>(
  config: ModelConfig<TMachine>,
  logic: TMachine,
  inspect: (event: InspectionEvent) => void,
): Promise<{ container: HTMLElement; unmount: () => void }> {
  const element = withSiteContent(config.render({ logic, inspect }), config.content);
  if (!config.prerender) return render(element);
  const container = document.createElement('div');
  container.innerHTML = renderToString(withSiteContent(config.render({ logic, inspect: () => undefined }), config.content));
  document.body.append(container);
  config.beforeHydration?.(container);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, element);
  });
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

async function runPath<TMachine extends AnyStateMachine>(
  config: ModelConfig<TMachine>,
  serializeState: (snapshot: AnyMachineSnapshot) => string,
  path: ModelPath,
) {
  vi.useFakeTimers({ shouldAdvanceTime: true, advanceTimeDelta: 1 });
  try {
    await config.setup?.();
    const fakes: Fakes = Object.fromEntries(Object.entries(config.fakes ?? {}).map(([src, make]) => [src, make()]));
    const actors = Object.fromEntries(Object.entries(fakes).map(([src, fake]) => [src, fake.logic]));
    const logic = config.machine.provide({ actors } as Parameters<TMachine['provide']>[0]) as TMachine;
    const probe = createProbe(logic);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const view = await renderView(config, logic, (event) => probe.inspect(event));

    const actual = () => probe.actor.getSnapshot() as AnyMachineSnapshot;
    const checkState = async (expected: AnyMachineSnapshot) => {
      await vi.waitFor(() => expect(serializeState(actual()), 'the rendered machine is where the model is').toBe(serializeState(expected)), {
        timeout: STEP_TIMEOUT_MS,
      });
      const snapshot = actual();
      for (const [key, assertion] of Object.entries(config.states)) {
        if (snapshot.matches(key)) await assertion({ snapshot: snapshot as SnapshotFrom<TMachine>, fakes, container: view.container });
      }
    };

    // A state left at once by an event an actor reports as it starts (`reportedOnStart`) is
    // checked as passed through: the machine was there, but is no longer.
    const reportedOnStart = new Set<string>(config.reportedOnStart ?? []);
    const checkPassedOrState = async (expected: AnyMachineSnapshot, next: ModelStep | undefined) => {
      if (!next || !reportedOnStart.has(next.event.type)) return checkState(expected);
      await vi.waitFor(() => expect(probe.received, `${next.event.type} arrived as its actor started`).toContain(next.event.type), {
        timeout: STEP_TIMEOUT_MS,
      });
      expect(probe.passed.map(serializeState), 'the rendered machine passed where the model is').toContain(serializeState(expected));
    };

    try {
      const [initial, ...steps] = path.steps as [ModelStep, ...ModelStep[]];
      await annotate('initial state', () => checkPassedOrState(initial.state, steps[0]));
      let from = initial.state;
      for (const [index, step] of steps.entries()) {
        const type = step.event.type;
        await annotate(`step ${index + 1} (${describeEvent(step.event)})`, async () => {
          // An event reported on start has already arrived with the step before.
          if (!reportedOnStart.has(type)) {
            probe.received.length = 0;
            probe.passed.length = 0;
            const execute = executorFor(config, type, probe);
            const stepContext = { event: step.event, from, to: step.state, user, fakes, actor: probe.actor } as StepContext;
            stepContext.advanceToDelay = (beforeDeadline) => advanceToDelay(stepContext, probe, config.machine, beforeDeadline);
            await execute(stepContext);
          }
          await vi.waitFor(() => expect(probe.received, `${type} reached the machine`).toContain(type), {
            timeout: STEP_TIMEOUT_MS,
          });
          await checkPassedOrState(step.state, steps[index + 1]);
        });
        from = step.state;
      }
    } finally {
      view.unmount();
    }
  } finally {
    vi.useRealTimers();
  }
}

/** Prefixes a failure with the step it happened in, so a failing path reads as a story. */
async function annotate(label: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof Error) error.message = `${label}: ${error.message}`;
    throw error;
  }
}

function restingStatePaths(vertices: readonly AnyMachineSnapshot[]): string[] {
  const paths = new Set<string>();
  for (const vertex of vertices) {
    for (const node of activeStateNodes(vertex)) {
      if (node.type === 'atomic' || node.type === 'final') paths.add(statePath(node));
    }
  }
  return [...paths].sort();
}

function hasStateNode(machine: AnyStateMachine, key: string): boolean {
  let node: AnyStateNode | undefined = machine.root;
  for (const part of key.split('.')) node = node?.states[part];
  return node !== undefined;
}

/**
 * Declares the model's tests: one per path (named by its events), plus a check that every state
 * a path can rest in has an assertion. Call at the top level of a `*.model.test.tsx`.
 */
export function describeModel<TMachine extends AnyStateMachine>(config: ModelConfig<TMachine>) {
  const { paths, vertices, serializeState } = buildModelGraph(config);
  const title = `${config.machine.id} model${config.variant ? ` (${config.variant})` : ''}`;

  describe(title, () => {
    afterAll(() => writeCoverage(expect.getState().testPath ?? 'unknown'));

    it('asserts what the visitor sees in every state a path can rest in', () => {
      const keys = Object.keys(config.states);
      expect(keys.filter((key) => !hasStateNode(config.machine, key)), 'state keys that name no state').toEqual([]);
      expect(restingStatePaths(vertices).filter((path) => !keys.includes(path)), 'states without an assertion').toEqual([]);
    });

    for (const path of paths) {
      const last = path.steps.at(-1)?.state;
      const name = `${path.description} ⇒ ${JSON.stringify(last?.value ?? null)}`;
      it(name, () => runPath(config, serializeState, path));
    }
  });
}
