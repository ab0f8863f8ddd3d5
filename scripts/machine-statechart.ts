// A machine's chart as Mermaid `stateDiagram-v2` text, for the offline page
// `npm run machines:export` writes: every state (compound states as boxes, parallel regions
// side by side), its tags, what it invokes and does on entry, and every transition labelled
// `event [guard] / actions`; delays read `after <name> (<ms> ms)`, eventless ones `always`.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** Mermaid ids are global and plain: a state's full id with its dots made underscores. */
const idOf = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

/** Mermaid reads `:` and `;` as syntax, and `#`, `{`, `}` in some places: keep labels plain. */
const plain = (text: string) => text.replace(/[:;#{}]/g, ' ').replace(/\s+/g, ' ').trim();

/** An implementation's name; static params are shown with it (`isAnswer(mail_sent)`). */
const nameOf = (reference: unknown): string => {
  if (typeof reference === 'string') return reference;
  if (typeof reference !== 'object' || reference === null || !('type' in reference) || typeof reference.type !== 'string') return 'inline';
  const params = 'params' in reference ? reference.params : undefined;
  const shown = params !== null && typeof params === 'object' ? Object.values(params).filter((value) => typeof value !== 'object') : [];
  return shown.length > 0 ? `${reference.type}(${shown.join(', ')})` : reference.type;
};

function delayLabel(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  const delay = (transition as { delay?: unknown }).delay;
  if (typeof delay === 'number') return `after ${delay} ms`;
  const configured: unknown = typeof delay === 'string' ? (machine.implementations.delays as Record<string, unknown>)[delay] : undefined;
  return typeof configured === 'number' ? `after ${String(delay)} (${configured} ms)` : `after ${typeof delay === 'string' ? delay : 'a computed delay'}`;
}

function eventLabel(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  const type = transition.eventType;
  if (type === '') return 'always';
  if (type.startsWith('xstate.after.')) return delayLabel(machine, transition);
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[2]} ${actor[1] === 'done' ? 'done' : 'failed'}`;
  return type;
}

export function transitionLabel(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  const guard = transition.guard === undefined ? '' : ` [${nameOf(transition.guard)}]`;
  const actions = transition.actions.map(nameOf);
  return plain(`${eventLabel(machine, transition)}${guard}${actions.length > 0 ? ` / ${actions.join(', ')}` : ''}`);
}

/** What a state does besides transitions: its tags, entry actions and invoked actors. */
function stateNotes(node: AnyStateNode): string[] {
  const notes: string[] = [];
  if (node.tags.length > 0) notes.push(`tags ${node.tags.join(', ')}`);
  if (node.entry.length > 0) notes.push(`entry / ${node.entry.map(nameOf).join(', ')}`);
  for (const invoke of node.invoke) notes.push(`invokes ${String(invoke.src)}`);
  return notes.map(plain);
}

function declare(node: AnyStateNode, indent: string, lines: string[]): void {
  const id = idOf(node);
  const children = Object.values(node.states);
  const notes = stateNotes(node);
  // Mermaid gives a compound state a label only: its notes join the label there.
  const label = children.length > 0 && notes.length > 0 ? `${node.key} (${notes.join(', ')})` : node.key;
  lines.push(`${indent}state "${plain(label).replace(/"/g, "'")}" as ${id}`);
  if (children.length === 0) for (const note of notes) lines.push(`${indent}${id} : ${note}`);
  if (children.length === 0) {
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
    return;
  }
  lines.push(`${indent}state ${id} {`);
  children.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) lines.push(`${indent}  --`);
    declare(child, `${indent}  `, lines);
  });
  if (node.type === 'compound' && node.initial.target[0]) lines.push(`${indent}  [*] --> ${idOf(node.initial.target[0])}`);
  lines.push(`${indent}}`);
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const walk = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(walk)];
  return walk(machine.root);
}

export function statechart(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const root = machine.root;
  const top = Object.values(root.states);
  // A parallel machine is drawn as one box (Mermaid puts regions side by side only inside one).
  const drawnRoot = root.type === 'parallel';
  if (drawnRoot) {
    declare(root, '  ', lines);
    lines.push(`  [*] --> ${idOf(root)}`);
  } else {
    for (const note of stateNotes(root)) lines.push(`  note right of ${idOf(top[0] ?? root)} : ${machine.id} ${note}`);
    for (const node of top) declare(node, '  ', lines);
    if (root.initial.target[0]) lines.push(`  [*] --> ${idOf(root.initial.target[0])}`);
  }
  for (const node of allNodes(machine)) {
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of transitions) {
      // A transition of an undrawn root (its own `on`) is drawn from the first top state.
      const source = node === root && !drawnRoot ? (top[0] ?? root) : node;
      const targets = transition.target?.length ? transition.target : [source];
      for (const target of targets) lines.push(`  ${idOf(source)} --> ${idOf(target)} : ${transitionLabel(machine, transition)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
