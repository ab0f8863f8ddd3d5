// Which transitions a microstep took, told from what XState's public inspection events show: the
// event and the snapshot after the step. An evented step's transitions are the ones the machine
// selects for that event in the snapshot before it (`machine.getTransitionData`); an eventless
// step's are the `always` transitions whose source was left and whose targets were entered. A
// step that cannot be told apart that way fails loudly rather than be recorded wrongly.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { activeStateNodes } from './chart.ts';

export function eventedTransitions(machine: AnyStateMachine, before: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] {
  return machine.getTransitionData(before, event);
}

export function eventlessTransitions(before: readonly AnyStateNode[], after: AnyMachineSnapshot): AnyTransitionDefinition[] {
  const active = new Set(activeStateNodes(after));
  const taken: AnyTransitionDefinition[] = [];
  for (const source of before) {
    if (active.has(source) || source.always === undefined) continue;
    const fired = source.always.filter((transition) => {
      const targets = transition.target ?? [];
      return targets.length > 0 && targets.every((target) => active.has(target));
    });
    if (fired.length > 1 && new Set(fired.map((transition) => transition.target?.map((node) => node.id).join())).size < fired.length) {
      throw new Error(`${source.id}: two of its always transitions lead to the same states; the harness cannot tell which ran`);
    }
    const first = fired[0];
    if (first) taken.push(first);
  }
  if (taken.length === 0) {
    throw new Error(`an eventless step into ${JSON.stringify(after.value)} matches no always transition (targetless always transitions cannot be recorded)`);
  }
  return taken;
}
