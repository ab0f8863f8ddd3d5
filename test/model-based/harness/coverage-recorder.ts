// Records which states and transitions of each machine really executed, from the actor system's
// public inspection events: microsteps include `always` transitions and the transient states
// they leave, which no snapshot ever shows (taken-transitions.ts tells which transitions ran). Written per machine and test file under .tmp/machine-coverage/,
// where `npm run machines:coverage` merges them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject, InspectionEvent } from 'xstate';
import { activeStateNodes, entryConfiguration } from './chart.ts';
import { transitionKey } from './machine-inventory.ts';
import { eventedTransitions, eventlessTransitions } from './taken-transitions.ts';

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

/** Where one running actor is: the nodes before its next microstep, and the event being taken. */
interface ActorTrack {
  before: AnyStateNode[];
  snapshot: AnyMachineSnapshot | undefined;
  /**
   * Events sent to the actor and not yet taken, oldest first: an event is announced when it is
   * queued (a child may send one while its parent is still starting) and taken by the first
   * microstep that carries that very event object.
   */
  queued: EventObject[];
  /** The event of the macrostep being taken: its later microsteps carry it and take `always` transitions. */
  current: EventObject | undefined;
}

const tracks = new WeakMap<object, ActorTrack>();

function trackOf(actorRef: object, machine: AnyStateMachine): ActorTrack {
  let track = tracks.get(actorRef);
  if (!track) {
    // Before an actor's first snapshot its microsteps are the initial ones: `always`
    // transitions out of the configuration the machine starts in.
    track = { before: entryConfiguration(machine), snapshot: undefined, queued: [], current: undefined };
    tracks.set(actorRef, track);
  }
  return track;
}

function takenBy(machine: AnyStateMachine, track: ActorTrack, event: EventObject, after: AnyMachineSnapshot): AnyTransitionDefinition[] {
  // The macrostep's own event (its first microstep), or an event the machine raised for itself;
  // the microsteps after it carry the same event object but take `always` transitions.
  const taken = track.queued[0] === event;
  if (taken) {
    track.queued.shift();
    track.current = event;
  }
  // An event the machine raised for itself (`raise`) is not announced: it is neither queued nor
  // the macrostep's own, and it is taken as an event.
  const raised = !taken && event !== track.current && !event.type.startsWith('xstate.');
  const evented = taken || raised || event.type.startsWith('xstate.done.state.');
  if (evented && track.snapshot) return eventedTransitions(machine, track.snapshot, event);
  if (event.type === 'xstate.stop' || event.type.startsWith('xstate.error.')) {
    // Stopping, or an error no transition takes, changes no state.
    if (sameNodes(track.before, activeStateNodes(after))) return [];
  }
  return eventlessTransitions(track.before, after);
}

function sameNodes(a: readonly AnyStateNode[], b: readonly AnyStateNode[]): boolean {
  return a.length === b.length && a.every((node, index) => node === b[index]);
}

/** Records one inspection event; any machine in the actor system is recorded under its own id. */
export function recordInspectionEvent(event: InspectionEvent) {
  const logic: unknown = (event.actorRef as { logic?: unknown }).logic;
  if (!isMachine(logic)) return;
  const coverage = coverageOf(logic.id);
  const track = trackOf(event.actorRef, logic);
  if (event.type === '@xstate.event') {
    // The initial event is taken before it is announced, by the machine's start.
    if (event.event.type !== 'xstate.init') track.queued.push(event.event);
    return;
  }
  if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
  const snapshot = event.snapshot as AnyMachineSnapshot;
  if (event.type === '@xstate.microstep') {
    for (const transition of takenBy(logic, track, event.event, snapshot)) {
      coverage.transitions.add(transitionKey(transition));
      // The source was active when it fired, even if no snapshot ever showed it (transient).
      addStateWithAncestors(coverage, transition.source);
    }
  }
  const nodes = activeStateNodes(snapshot);
  for (const node of nodes) addStateWithAncestors(coverage, node);
  track.before = nodes;
  track.snapshot = snapshot;
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
