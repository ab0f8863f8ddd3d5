// The machine style of ARCHITECTURE.md ("Machines"), checked on the definitions themselves: what can be checked
// mechanically is, so reviews can spend their time on what cannot (are states nouns?).
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { listStateNodes } from './machine-inventory.ts';

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
/** `scroll.update`, `form.field.change`: lower camel segments joined by dots, at least two. */
const DOT_CASE = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;
const GUARD_NAME = /^(is|has)[A-Z][a-zA-Z0-9]*$/;

type TransitionConfig = string | { target?: unknown; guard?: unknown; actions?: unknown } | undefined;

function asArray<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

/**
 * An implementation named by string, or by `{ type, params }` (a parameterized action or guard:
 * still named, still shown by name in the visualiser and the exported JSON). Returns the name,
 * or undefined for anything else (an inline function).
 */
function nameOf(reference: unknown): string | undefined {
  if (typeof reference === 'string') return reference;
  if (typeof reference === 'object' && reference !== null && 'type' in reference && typeof reference.type === 'string') {
    return reference.type;
  }
  return undefined;
}

/** Problems with one machine; an empty list means it follows the conventions. */
export function checkMachineConventions(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  const where = (node: AnyStateNode) => `${node.id}`;
  const implementations = machine.implementations;

  if (!CAMEL_CASE.test(machine.id)) problems.push(`machine id "${machine.id}" is not camelCase`);
  for (const guard of Object.keys(implementations.guards)) {
    if (!GUARD_NAME.test(guard)) problems.push(`guard "${guard}" is not named isX/hasX`);
  }

  const checkActions = (node: AnyStateNode, label: string, actions: unknown) => {
    for (const action of asArray(actions)) {
      const name = nameOf(action);
      if (name === undefined) problems.push(`${where(node)}: ${label} names its actions (by string or { type, params })`);
      else if (!(name in implementations.actions)) problems.push(`${where(node)}: ${label} action "${name}" is not in setup()`);
    }
  };
  const checkTransitions = (node: AnyStateNode, label: string, config: TransitionConfig | TransitionConfig[]) => {
    for (const transition of asArray(config)) {
      if (typeof transition !== 'object' || transition === null) continue;
      if (transition.guard !== undefined) {
        const name = nameOf(transition.guard);
        if (name === undefined) problems.push(`${where(node)}: ${label} names its guard (by string or { type, params })`);
        else if (!(name in implementations.guards)) problems.push(`${where(node)}: ${label} guard "${name}" is not in setup()`);
      }
      checkActions(node, label, transition.actions);
    }
  };

  for (const node of [machine.root, ...listStateNodes(machine)]) {
    const config = node.config as {
      on?: Record<string, TransitionConfig | TransitionConfig[]>;
      always?: TransitionConfig | TransitionConfig[];
      after?: Record<string, TransitionConfig | TransitionConfig[]>;
      entry?: unknown;
      exit?: unknown;
      invoke?: unknown;
    };
    checkActions(node, 'entry', config.entry);
    checkActions(node, 'exit', config.exit);
    for (const [event, transitions] of Object.entries(config.on ?? {})) {
      if (!DOT_CASE.test(event)) problems.push(`${where(node)}: event "${event}" is not dot.case (e.g. "form.submit")`);
      checkTransitions(node, `on "${event}"`, transitions);
    }
    checkTransitions(node, 'always', config.always);
    for (const [delay, transitions] of Object.entries(config.after ?? {})) {
      if (!(delay in implementations.delays)) problems.push(`${where(node)}: after "${delay}" is not a named delay in setup()`);
      checkTransitions(node, `after "${delay}"`, transitions);
    }
    for (const invoke of asArray(config.invoke) as Array<{ id?: unknown; src?: unknown; onDone?: TransitionConfig; onError?: TransitionConfig }>) {
      if (typeof invoke.src !== 'string') problems.push(`${where(node)}: invoke names its actor by string only`);
      else if (!(invoke.src in implementations.actors)) problems.push(`${where(node)}: invoked actor "${invoke.src}" is not in setup()`);
      if (invoke.id !== invoke.src) problems.push(`${where(node)}: invoke id "${String(invoke.id)}" must equal its src "${String(invoke.src)}"`);
      checkTransitions(node, 'invoke onDone', invoke.onDone);
      checkTransitions(node, 'invoke onError', invoke.onError);
    }
  }
  return problems;
}
