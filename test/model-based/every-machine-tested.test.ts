// Every machine has a model-based test and follows the file/export convention and the machine
// style of ARCHITECTURE.md ("Machines").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasModelTest, listMachineFiles, loadMachines, ROOT_DIR } from './harness/discover-machines.ts';
import { checkMachineConventions } from './harness/machine-conventions.ts';

const { files, problems: namingProblems } = listMachineFiles();

describe('the machines in src/machines', () => {
  it('are named <kebab-case-name>.machine.ts', () => {
    expect(namingProblems).toEqual([]);
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((file) => [file.file, file] as const))('%s has a model-based test', (_, file) => {
    expect(hasModelTest(file), `missing ${file.modelTest}`).toBe(true);
    // The test must walk the machine's graph through the harness, not just exist.
    expect(readFileSync(join(ROOT_DIR, file.modelTest), 'utf8')).toMatch(/describeModel(<[^>]*>)?\(/);
  });

  it('each export exactly one machine, `<camelName>Machine` with id `<camelName>`', async () => {
    const { problems } = await loadMachines();
    expect(problems).toEqual([]);
  });

  it('follow the machine style of ARCHITECTURE.md', async () => {
    const { machines } = await loadMachines();
    const problems = machines.flatMap(({ file, machine }) => checkMachineConventions(machine).map((problem) => `${file}: ${problem}`));
    expect(problems).toEqual([]);
  });
});
