// What a machine definition contains, named the same way by the recorder (at run time) and by
// the coverage script (statically), so "covered" and "total" count the same things.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** Every state node below the root, nested and parallel regions included (ids like `stickyHeader.size.smaller`). */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const walk = (node: AnyStateNode): AnyStateNode[] =>
    Object.values(node.states).flatMap((child) => [child, ...walk(child)]);
  return walk(machine.root);
}

export function listStateIds(machine: AnyStateMachine): string[] {
  return listStateNodes(machine).map((node) => node.id);
}

/**
 * Every transition of the definition: `on` events, `after` delays, invoke `onDone`/`onError`,
 * `onDone` of compound states and `always`; each guarded alternative counts on its own.
 */
export function listTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...listStateNodes(machine)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

export function listTransitionKeys(machine: AnyStateMachine): string[] {
  return listTransitions(machine).map(transitionKey);
}

/**
 * A transition's stable name: source state, event (`always` for eventless) and its position
 * among the alternatives for that event, e.g. `backToTop.visible always #0`.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const alternatives = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  const index = alternatives.indexOf(transition);
  if (index < 0) throw new Error(`transition ${source.id} "${eventType}" is not in its source state's definition`);
  return `${source.id} ${eventType === '' ? 'always' : eventType} #${index}`;
}

/** A state node's path below the root as the harness's `states` keys spell it: `size.smaller`. */
export function statePath(node: AnyStateNode): string {
  return node.path.join('.');
}
