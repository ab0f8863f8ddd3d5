// Budget: the home route's initial JavaScript, gzipped: what the browser fetches to make the
// page work, without anything loaded later on demand. That is the entry module of the prerendered
// index.html with every chunk it imports, and the application it loads right after the first
// paint (src/hydrate.tsx) with every chunk that imports; read from Vite's manifest. Code not
// needed at once (gallery, slider, maps, gsap, the sections after the hero) must be split off.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const root = 'dist/client';
const manifestFile = join(root, '.vite', 'manifest.json');
/** The chunks that load at once although the entry imports them dynamically. */
const LOADED_AT_ONCE = new Set(['src/hydrate.tsx']);

if (!existsSync(manifestFile)) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
if (entries.length !== 1) {
  console.error(`bench/bundle: expected one entry in ${manifestFile}, found ${entries.length}`);
  process.exit(1);
}

const urls = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (chunk === undefined || urls.has(`/${chunk.file}`)) return;
  urls.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) visit(imported);
  for (const imported of chunk.dynamicImports ?? []) if (LOADED_AT_ONCE.has(imported)) visit(imported);
};
visit(entries[0] as string);
for (const key of LOADED_AT_ONCE) {
  if (!urls.has(`/${manifest[key]?.file ?? ''}`)) {
    console.error(`bench/bundle: ${key} is not loaded by the entry any more: update LOADED_AT_ONCE`);
    process.exit(1);
  }
}
// The page itself must name the entry (a build whose HTML loads something else is not measured).
const page = readFileSync(join(root, 'index.html'), 'utf8');
if (!page.includes(`src="/${manifest[entries[0] as string]?.file}"`)) {
  console.error('bench/bundle: dist/client/index.html does not load the manifest\'s entry');
  process.exit(1);
}

let total = 0;
const rows: Array<[string, number, number]> = [];
for (const url of urls) {
  const file = join(root, new URL(url, 'http://site.invalid/').pathname);
  const source = readFileSync(file);
  const gzipped = gzipSync(source, { level: 9 }).length;
  total += gzipped;
  rows.push([url, source.length, gzipped]);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [url, raw, gz] of rows) console.log(`${kb(gz).padStart(9)} gz  ${kb(raw).padStart(9)} raw  ${url}`);
console.log(`initial JavaScript of /: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error(`bench/bundle: over budget by ${kb(total - BUDGET_BYTES)}`);
  process.exit(1);
}
