// Finds the site's machines: every `src/machines/<feature>/<name>.machine.ts` must export exactly one
// machine, named `<camelName>Machine`, whose id is `<camelName>` (back-to-top.machine.ts →
// `backToTopMachine`, id `backToTop`). Used by the coverage and export scripts and by the tests
// that check every machine has a model-based test.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const MACHINES_DIR = join(ROOT_DIR, 'src/machines');
export const MODEL_TESTS_DIR = join(ROOT_DIR, 'test/model-based');
const MACHINE_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.machine\.ts$/;

export interface MachineFile {
  /** Path from the project root, e.g. `src/machines/theme/back-to-top.machine.ts`. */
  file: string;
  /** `back-to-top` */
  name: string;
  /** `backToTop`: the machine's required id. */
  id: string;
  /** `backToTopMachine`: the required export. */
  exportName: string;
  /** `test/model-based/theme/back-to-top.model.test.tsx` */
  modelTest: string;
}

export interface DiscoveredMachine extends MachineFile {
  machine: AnyStateMachine;
}

export function camelCase(kebab: string): string {
  return kebab.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

export function isStateMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'getStateNodeById' in value && 'provide' in value;
}

/**
 * Every `*.machine.ts` in src/machines, in its feature's folder; a machine-like name that breaks
 * the pattern is a problem. Its model test mirrors the folder:
 * `src/machines/<feature>/<name>.machine.ts` → `test/model-based/<feature>/<name>.model.test.tsx`.
 */
export function listMachineFiles(): { files: MachineFile[]; problems: string[] } {
  const files: MachineFile[] = [];
  const problems: string[] = [];
  for (const entry of readdirSync(MACHINES_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!entry.endsWith('.machine.ts')) continue;
    const match = MACHINE_FILE.exec(basename(entry));
    if (!match?.[1]) {
      problems.push(`src/machines/${entry}: machine files are named <kebab-case-name>.machine.ts`);
      continue;
    }
    const name = match[1];
    files.push({
      file: relative(ROOT_DIR, join(MACHINES_DIR, entry)),
      name,
      id: camelCase(name),
      exportName: `${camelCase(name)}Machine`,
      modelTest: relative(ROOT_DIR, join(MODEL_TESTS_DIR, dirname(entry), `${name}.model.test.tsx`)),
    });
  }
  return { files, problems };
}

export function hasModelTest(file: MachineFile): boolean {
  return existsSync(join(ROOT_DIR, file.modelTest));
}

/** Imports every machine file and checks the export convention. */
export async function loadMachines(): Promise<{ machines: DiscoveredMachine[]; problems: string[] }> {
  const { files, problems } = listMachineFiles();
  const machines: DiscoveredMachine[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(ROOT_DIR, file.file)).href)) as Record<string, unknown>;
    const exported = Object.entries(module).filter(([, value]) => isStateMachine(value));
    const machine = module[file.exportName];
    if (!isStateMachine(machine)) {
      problems.push(`${file.file}: must export its machine as \`${file.exportName}\``);
      continue;
    }
    if (exported.length !== 1) {
      problems.push(`${file.file}: one machine per file (exports ${exported.map(([name]) => name).join(', ')})`);
    }
    if (machine.id !== file.id) problems.push(`${file.file}: the machine's id must be "${file.id}" (is "${machine.id}")`);
    machines.push({ ...file, machine });
  }
  return { machines, problems };
}
