// Records which states and transitions of each machine really executed, from the actor system's
// inspection events: microsteps include `always` transitions and the transient states they leave,
// which no snapshot ever shows. Written per machine and test file under .tmp/machine-coverage/,
// where `npm run machines:coverage` merges them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { transitionKey } from './machine-inventory.ts';

export const COVERAGE_DIR = resolve(process.cwd(), '.tmp/machine-coverage');

export interface CoverageRecord {
  id: string;
  states: string[];
  transitions: string[];
}

interface MachineCoverage {
  states: Set<string>;
  transitions: Set<string>;
}

const byMachine = new Map<string, MachineCoverage>();

function coverageOf(id: string): MachineCoverage {
  let coverage = byMachine.get(id);
  if (!coverage) {
    coverage = { states: new Set(), transitions: new Set() };
    byMachine.set(id, coverage);
  }
  return coverage;
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'getStateNodeById' in logic;
}

function addStateWithAncestors(coverage: MachineCoverage, node: AnyStateNode | undefined) {
  for (let current = node; current?.parent; current = current.parent) coverage.states.add(current.id);
}

interface SnapshotWithNodes {
  _nodes?: AnyStateNode[];
}

/** Records one inspection event; any machine in the actor system is recorded under its own id. */
export function recordInspectionEvent(event: InspectionEvent) {
  const logic: unknown = (event.actorRef as { logic?: unknown }).logic;
  if (!isMachine(logic)) return;
  const coverage = coverageOf(logic.id);
  if (event.type === '@xstate.microstep') {
    // `_transitions` is how XState reports the transitions a microstep took (not in the types).
    const transitions = (event as { _transitions?: AnyTransitionDefinition[] })._transitions ?? [];
    for (const transition of transitions) {
      coverage.transitions.add(transitionKey(transition));
      // The source was active when it fired, even if no snapshot ever showed it (transient).
      addStateWithAncestors(coverage, transition.source);
    }
  }
  if (event.type === '@xstate.microstep' || event.type === '@xstate.snapshot') {
    for (const node of (event.snapshot as SnapshotWithNodes)._nodes ?? []) addStateWithAncestors(coverage, node);
  }
}

/** Writes everything recorded in this test file; the file name keeps test files from colliding. */
export function writeCoverage(testFile: string) {
  const stem = basename(testFile).replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_');
  for (const [id, coverage] of byMachine) {
    const record: CoverageRecord = { id, states: [...coverage.states].sort(), transitions: [...coverage.transitions].sort() };
    const dir = join(COVERAGE_DIR, id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${stem}.json`), `${JSON.stringify(record, null, 2)}\n`);
  }
}
