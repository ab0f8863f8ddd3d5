// What the harness reads from a machine's chart, through XState's public API only: the state
// nodes a snapshot is in (`getStateNodes` on its value), the configuration a machine starts in,
// the actors those nodes invoke and the delays their `after` transitions wait. Nothing here
// reads a snapshot's or an actor's private fields, so an XState upgrade that keeps its public
// API keeps the harness working (test/model-based/xstate-api.test.ts checks that API).
import { getStateNodes, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject } from 'xstate';

const byDocumentOrder = (a: AnyStateNode, b: AnyStateNode) => a.order - b.order;

/** Every state node a snapshot is in, ancestors included, in document order (the root first). */
export function activeStateNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return [...new Set(getStateNodes(snapshot.machine.root, snapshot.value))].sort(byDocumentOrder);
}

/**
 * The nodes a machine is in right after its initial transition and before any `always`
 * transition runs: the initial child of every compound node, every region of a parallel one.
 */
export function entryConfiguration(machine: AnyStateMachine): AnyStateNode[] {
  const enter = (node: AnyStateNode): AnyStateNode[] => {
    if (node.type === 'parallel') return [node, ...Object.values(node.states).flatMap(enter)];
    if (node.type === 'compound') return [node, ...node.initial.target.flatMap(enter)];
    return [node];
  };
  return enter(machine.root).sort(byDocumentOrder);
}

/** The `src` of every actor the snapshot's states invoke, in document order. */
export function invokedActors(snapshot: AnyMachineSnapshot): string[] {
  return activeStateNodes(snapshot).flatMap((node) => node.invoke.map((invoke) => String(invoke.src)));
}

/** True while a state of the snapshot waits on an `after` delay. */
export function hasPendingDelay(snapshot: AnyMachineSnapshot): boolean {
  return activeStateNodes(snapshot).some((node) => node.after.length > 0);
}

/**
 * The milliseconds an `xstate.after.<delay>.<stateId>` event waits, from the chart: the state's
 * `after` key is a number or the name of one of the machine's `delays` (a number, or a function
 * of the context and the event that entered the state).
 */
export function delayOf(machine: AnyStateMachine, afterEventType: string, snapshot: AnyMachineSnapshot, entering: EventObject): number {
  const transition = findAfter(machine, afterEventType);
  if (!transition) throw new Error(`${machine.id}: no state waits for ${afterEventType}`);
  const { delay } = transition;
  if (typeof delay === 'number') return delay;
  const configured: unknown = typeof delay === 'function' ? delay : (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof configured === 'number') return configured;
  if (typeof configured === 'function') {
    return (configured as (args: { context: unknown; event: EventObject }) => number)({ context: snapshot.context, event: entering });
  }
  throw new Error(`${machine.id}: delay "${String(delay)}" is not in setup({ delays })`);
}

function findAfter(machine: AnyStateMachine, afterEventType: string) {
  const walk = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(walk)];
  for (const node of walk(machine.root)) {
    const transition = node.after.find((candidate) => candidate.eventType === afterEventType);
    if (transition) return transition;
  }
  return undefined;
}

/**
 * A step filter for models that take one thing at a time: while a state waits on an invoked
 * actor, only that actor's completions (the first in document order); while it waits on a delay,
 * only the delay; otherwise undefined, for the model's own filter to decide. Paths then read as
 * a visitor's step followed by its effects; the same transitions fire when effects overlap, and
 * their definitions are what coverage counts. For machines whose invoked actors all settle.
 */
export function settleEffectsFirst(snapshot: AnyMachineSnapshot, event: EventObject): boolean | undefined {
  const [pending] = invokedActors(snapshot);
  if (pending !== undefined) return event.type === `xstate.done.actor.${pending}` || event.type === `xstate.error.actor.${pending}`;
  if (hasPendingDelay(snapshot)) return event.type.startsWith('xstate.after.');
  return undefined;
}

/** Whether a snapshot is in the state at `path` (dotted, from the root), for any machine's snapshot. */
export function matchesState(snapshot: AnyMachineSnapshot, path: string): boolean {
  return snapshot.matches(path);
}
