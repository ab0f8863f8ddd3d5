// Test paths from the production machine's graph (xstate/graph): one path per edge of the graph,
// each the shortest path to the edge's source state followed by the edge. Shortest paths alone
// reach every state but skip edges into states already reached (e.g. back to the initial state),
// and simple paths skip edges back to the start; covering every edge is what lets
// `machines:coverage` demand 100 %.
import { initialTransition, transition } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type TraversalOptions } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { activeStateNodes } from './chart.ts';
import type { ModelConfig } from './model-types.ts';

export interface ModelStep {
  event: EventObject;
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  description: string;
  steps: ModelStep[];
}

export interface ModelGraph {
  paths: ModelPath[];
  /** Every state snapshot the graph can rest in (its vertices). */
  vertices: AnyMachineSnapshot[];
  serializeState: (snapshot: AnyMachineSnapshot) => string;
}

export function defaultSerializeState(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

/** `scroll.update(600)`: the type and its payload's values, for test names. */
export function describeEvent(event: EventObject): string {
  const payload = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([, value]) => JSON.stringify(value))
    .join(', ');
  return payload ? `${event.type}(${payload})` : event.type;
}

/**
 * The events the graph tries in a state: every event its active states handle, with the
 * samples' payloads. (xstate/graph replaces, rather than completes, its default event list when
 * given `events`, so the harness builds the whole list itself.)
 */
function eventsFor<TMachine extends AnyStateMachine>(config: ModelConfig<TMachine>) {
  const samples = (config.eventSamples ?? []) as unknown as EventObject[];
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const types = [...new Set(activeStateNodes(snapshot).flatMap((node) => node.ownEvents))]
      // Raised by the machine itself when a region finishes: not something a test can send.
      .filter((type) => !type.startsWith('xstate.done.state.'));
    return types.flatMap((type) => {
      const matching = samples.filter((sample) => sample.type === type);
      if (matching.length > 0) return matching;
      if (type.includes('*')) {
        throw new Error(`${config.machine.id}: wildcard event "${type}" needs eventSamples to be tested`);
      }
      return [{ type }];
    });
  };
}

export function buildModelGraph<TMachine extends AnyStateMachine>(config: ModelConfig<TMachine>): ModelGraph {
  const serializeState = (config.serializeState ?? defaultSerializeState) as (snapshot: AnyMachineSnapshot) => string;
  const machine: AnyStateMachine = config.machine;
  const events = eventsFor(config);
  const filterEvents = config.filterEvents as ((snapshot: AnyMachineSnapshot, event: EventObject) => boolean) | undefined;
  const options: TraversalOptions<AnyMachineSnapshot, EventObject, unknown> = {
    input: config.input,
    events,
    filterEvents,
    serializeState: (snapshot) => serializeState(snapshot),
  };

  const adjacency = getAdjacencyMap<AnyMachineSnapshot, EventObject, unknown>(machine, options);
  const shortestPaths = getShortestPaths(machine, options);

  // xstate/graph keeps one snapshot per serialized state, so the snapshots along its paths may
  // differ in details the serializer ignores (an exact scroll offset). The harness takes only the
  // events from the graph and replays them on the machine, so every step's snapshot is exactly
  // what the rendered actor will hold, and the next events are chosen from that snapshot.
  const after = (snapshot: AnyMachineSnapshot, event: EventObject) => transition(machine, snapshot, event)[0];
  const initial: ModelStep = { event: { type: 'xstate.init' }, state: initialTransition(machine, config.input)[0] };
  const replay = (events: EventObject[]) =>
    events.reduce<ModelStep[]>((steps, event) => {
      const previous = steps.at(-1) ?? initial;
      return [...steps, { event, state: after(previous.state, event) }];
    }, [initial]);

  const candidates: ModelStep[][] = [];
  for (const shortest of shortestPaths) {
    const head = replay(shortest.steps.slice(1).map((step) => step.event));
    const end = (head.at(-1) ?? initial).state;
    const next = events(end).filter((event) => !filterEvents || filterEvents(end, event));
    if (next.length === 0) candidates.push(head);
    for (const event of next) candidates.push([...head, { event, state: after(end, event) }]);
  }

  // A path that is the beginning of a longer one tests nothing the longer one does not.
  const signature = (steps: ModelStep[]) => steps.map((step) => `${JSON.stringify(step.event)}\n`).join('');
  const kept: ModelStep[][] = [];
  for (const steps of candidates.sort((a, b) => b.length - a.length)) {
    const own = signature(steps);
    if (!kept.some((longer) => signature(longer).startsWith(own))) kept.push(steps);
  }

  const paths = kept.reverse().map((steps) => ({
    steps,
    description: steps.length > 1 ? steps.slice(1).map((step) => describeEvent(step.event)).join(' → ') : 'initial state',
  }));

  return { paths, vertices: Object.values(adjacency).map(({ state }) => state), serializeState };
}
