// npm run machines:export
//
// Writes every machine under dist/machines/:
// - <id>.json: the config (plain data: implementations are named by string), the implementation
//   names, every state and every transition (the same names machines:coverage uses, `always`
//   included) and xstate/graph's directed graph;
// - <id>.viz.js: a self-contained `createMachine(config)` to paste into the Stately visualiser;
// - index.html: an offline page that draws every machine as a statechart (states, transitions
//   with their guards and actions, delays, invokes), with Mermaid copied beside it.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';
import { loadMachines, ROOT_DIR } from '../test/model-based/harness/discover-machines.ts';
import { listStateNodes, listTransitions, transitionKey } from '../test/model-based/harness/machine-inventory.ts';
import { statechart } from './machine-statechart.ts';

const OUT_DIR = join(ROOT_DIR, 'dist/machines');

/** Functions (context factories, inline logic) cannot be exported; everything else is data. */
const jsonOnly = (_key: string, value: unknown) => (typeof value === 'function' ? undefined : value);

/** `event`, `always`, `after`, `done.actor`, `error.actor`, `done.state` or `snapshot`. */
function transitionKind(eventType: string) {
  if (eventType === '') return 'always';
  const builtIn = /^xstate\.(after|done\.actor|error\.actor|done\.state|snapshot)\./.exec(eventType);
  return builtIn?.[1] ?? 'event';
}

function describeTransition(transition: AnyTransitionDefinition) {
  const guard = transition.guard;
  return {
    key: transitionKey(transition),
    source: transition.source.id,
    event: transition.eventType === '' ? null : transition.eventType,
    kind: transitionKind(transition.eventType),
    targets: (transition.target ?? []).map((target) => target.id),
    guard: typeof guard === 'string' ? guard : guard ? ((guard as { type?: string }).type ?? 'inline') : null,
    actions: transition.actions.map((action) => (typeof action === 'string' ? action : ((action as { type?: string }).type ?? 'inline'))),
  };
}

function exportMachine(machine: AnyStateMachine, file: string) {
  const { actions, guards, actors, delays } = machine.implementations;
  return {
    id: machine.id,
    file,
    config: JSON.parse(JSON.stringify(machine.config, jsonOnly)) as unknown,
    implementations: {
      actions: Object.keys(actions),
      guards: Object.keys(guards),
      actors: Object.keys(actors),
      delays: Object.fromEntries(Object.entries(delays).map(([name, delay]) => [name, typeof delay === 'number' ? delay : 'computed'])),
    },
    states: listStateNodes(machine).map((node) => ({
      id: node.id,
      type: node.type,
      parent: node.parent?.id ?? null,
      tags: [...node.tags],
    })),
    transitions: listTransitions(machine).map(describeTransition),
    directedGraph: toDirectedGraph(machine),
  };
}

function vizSource(machine: AnyStateMachine, file: string) {
  // Numeric delays go along, so the visualiser's simulation can fire `after` transitions.
  const delays = Object.fromEntries(Object.entries(machine.implementations.delays).filter(([, delay]) => typeof delay === 'number'));
  return `// ${machine.id}, exported from ${file} by \`npm run machines:export\`.
// Paste into https://stately.ai/viz to see it. Guards, actions and actors appear by name only
// (their implementations live in the machine file), so this is for reading, not for running.
import { createMachine } from 'xstate';

export const machine = createMachine(${JSON.stringify(machine.config, jsonOnly, 2)}, { delays: ${JSON.stringify(delays)} });
`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function statechartPage(charts: ReadonlyArray<{ id: string; file: string; chart: string }>) {
  const sections = charts
    .map(
      ({ id, file, chart }) => `<section id="${id}">
<h2>${id} <small>${escapeHtml(file)}</small></h2>
<pre class="mermaid">
${escapeHtml(chart)}</pre>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>The site's machines</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #1b1f24; }
nav a { margin-right: 1rem; }
section { margin: 3rem 0; border-top: 1px solid #ccd; }
small { font-weight: normal; color: #556; }
</style>
</head>
<body>
<h1>The site's machines</h1>
<p>Written by <code>npm run machines:export</code> from src/machines. Transitions read
<code>event [guard] / actions</code>; delays <code>after name (ms)</code>; eventless ones <code>always</code>.</p>
<nav>${charts.map(({ id }) => `<a href="#${id}">${id}</a>`).join('')}</nav>
${sections}
<script src="mermaid.min.js"></script>
<script>mermaid.initialize({ startOnLoad: true, securityLevel: 'strict', maxTextSize: 200000, stateDiagram: { useMaxWidth: false } });</script>
</body>
</html>
`;
}

const { machines, problems } = await loadMachines();
mkdirSync(OUT_DIR, { recursive: true });
const charts: Array<{ id: string; file: string; chart: string }> = [];
for (const { machine, file } of machines) {
  writeFileSync(join(OUT_DIR, `${machine.id}.json`), `${JSON.stringify(exportMachine(machine, file), null, 2)}\n`);
  writeFileSync(join(OUT_DIR, `${machine.id}.viz.js`), vizSource(machine, file));
  charts.push({ id: machine.id, file, chart: statechart(machine) });
  console.log(`dist/machines/${machine.id}.json, dist/machines/${machine.id}.viz.js`);
}
// Mermaid beside the page, so it opens from the disk with no network.
copyFileSync(createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js'), join(OUT_DIR, 'mermaid.min.js'));
writeFileSync(join(OUT_DIR, 'index.html'), statechartPage(charts));
console.log('dist/machines/index.html: every machine drawn as a statechart (opens offline)');
for (const problem of problems) console.error(`machines:export: ${problem}`);
process.exitCode = problems.length > 0 ? 1 : 0;
