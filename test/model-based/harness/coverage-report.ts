// Merges the recorded coverage of each machine (all test files, all variants) and compares it
// with the machine's definition.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COVERAGE_DIR, type CoverageRecord } from './coverage-recorder.ts';
import type { DiscoveredMachine } from './discover-machines.ts';
import { listStateIds, listTransitionKeys } from './machine-inventory.ts';

export interface MachineCoverageRow {
  id: string;
  file: string;
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  /** False when no model-based test recorded anything for this machine. */
  recorded: boolean;
  missingStates: string[];
  missingTransitions: string[];
}

function readRecords(id: string): CoverageRecord[] {
  const dir = join(COVERAGE_DIR, id);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((entry) => entry.endsWith('.json'))
    .map((entry) => JSON.parse(readFileSync(join(dir, entry), 'utf8')) as CoverageRecord);
}

export function coverageRow({ machine, file }: DiscoveredMachine): MachineCoverageRow {
  const records = readRecords(machine.id);
  const states = listStateIds(machine);
  const transitions = listTransitionKeys(machine);
  const coveredStates = new Set(records.flatMap((record) => record.states));
  const coveredTransitions = new Set(records.flatMap((record) => record.transitions));
  const missingStates = states.filter((id) => !coveredStates.has(id));
  const missingTransitions = transitions.filter((key) => !coveredTransitions.has(key));
  return {
    id: machine.id,
    file,
    states: { covered: states.length - missingStates.length, total: states.length },
    transitions: { covered: transitions.length - missingTransitions.length, total: transitions.length },
    recorded: records.length > 0,
    missingStates,
    missingTransitions,
  };
}

export function isComplete(row: MachineCoverageRow): boolean {
  return row.recorded && row.missingStates.length === 0 && row.missingTransitions.length === 0;
}
