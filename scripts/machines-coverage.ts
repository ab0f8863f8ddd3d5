// npm run machines:coverage [-- --json] [-- --no-run]
//
// Runs the model-based tests, then prints for every machine in src/machines how many of its
// states (every state node, nested and parallel included) and transitions (every edge of the
// definition: events, `always`, `after`, invoke done/error) the tests executed. Exits non-zero
// when a test fails, a machine breaks the file convention, has no record, or is below 100 %.
// --json prints only {"machines":[{"id","file","states":{…},"transitions":{…}}]} on stdout
// (the test run's output goes to stderr); --no-run reuses the last run's records.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { COVERAGE_DIR } from '../test/model-based/harness/coverage-recorder.ts';
import { coverageRow, isComplete, type MachineCoverageRow } from '../test/model-based/harness/coverage-report.ts';
import { loadMachines, ROOT_DIR } from '../test/model-based/harness/discover-machines.ts';

const json = process.argv.includes('--json');
const run = !process.argv.includes('--no-run');

function runModelTests(): boolean {
  rmSync(COVERAGE_DIR, { recursive: true, force: true });
  // The package's own bin file (its exports do not list it, so resolve via package.json).
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'model-based'], {
    cwd: ROOT_DIR,
    // With --json, stdout carries the JSON alone: the runner writes to stderr.
    stdio: ['ignore', json ? 2 : 'inherit', 'inherit'],
  });
  return result.status === 0;
}

const percent = ({ covered, total }: { covered: number; total: number }) =>
  total === 0 ? '100%' : `${Math.floor((covered / total) * 1000) / 10}%`;

function printTable(rows: MachineCoverageRow[]) {
  const lines = [
    ['machine', 'file', 'states', '', 'transitions', ''],
    ...rows.map((row) => [
      row.id,
      row.file,
      `${row.states.covered}/${row.states.total}`,
      percent(row.states),
      `${row.transitions.covered}/${row.transitions.total}`,
      percent(row.transitions),
    ]),
  ];
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) => line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  console.log(`\n${format(lines[0]!)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines.slice(1)) console.log(format(line));
  for (const row of rows) {
    if (!row.recorded) console.log(`\n${row.id}: no coverage recorded (does its model-based test run?)`);
    for (const state of row.missingStates) console.log(`${row.id}: state not covered: ${state}`);
    for (const transition of row.missingTransitions) console.log(`${row.id}: transition not covered: ${transition}`);
  }
}

const testsPassed = run ? runModelTests() : true;
const { machines, problems } = await loadMachines();
const rows = machines.map(coverageRow);

if (json) {
  const machinesJson = rows.map(({ id, file, states, transitions }) => ({ id, file, states, transitions }));
  process.stdout.write(`${JSON.stringify({ machines: machinesJson })}\n`);
} else {
  printTable(rows);
}

const failures = [
  ...(testsPassed ? [] : ['the model-based tests failed']),
  ...problems,
  ...rows.filter((row) => !isComplete(row)).map((row) => `${row.id} is below 100% coverage`),
];
for (const failure of failures) console.error(`machines:coverage: ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
