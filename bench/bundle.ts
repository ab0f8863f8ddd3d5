// Budgets: the home route's initial JavaScript, gzipped: what the browser fetches to make the
// page work, without anything loaded later on demand. That is the entry module of the prerendered
// index.html with every chunk it imports, and the application it loads right after the first
// paint (src/hydrate.tsx) with every chunk that imports; read from Vite's manifest. Code not
// needed at once (gallery, slider, maps, gsap, the sections after the hero) must be split off.
// The console (/admin/, its own build) has a budget of its own for its first screen, its
// JavaScript and CSS; each chunk it loads later (a page's charts) is printed on its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const CONSOLE_BUDGET_BYTES = 150 * 1024;
const root = 'dist/client';
const manifestFile = join(root, '.vite', 'manifest.json');
/** The console's own build (scripts/build.ts, CONSOLE_MANIFEST). */
const consoleManifestFile = join(root, '.vite', 'console-manifest.json');
/** The chunks that load at once although the entry imports them dynamically. */
const LOADED_AT_ONCE = new Set(['src/hydrate.tsx']);

if (!existsSync(manifestFile) || !existsSync(consoleManifestFile)) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const consoleManifest = JSON.parse(readFileSync(consoleManifestFile, 'utf8')) as Manifest;
const fail = (message: string): never => {
  console.error(`bench/bundle: ${message}`);
  process.exit(1);
};
const entriesOf = (chunks: Manifest) => Object.keys(chunks).filter((key) => chunks[key]?.isEntry === true);
if (entriesOf(manifest).join(' ') !== 'index.html') fail(`expected one entry, index.html, in ${manifestFile}, found ${entriesOf(manifest).join(', ')}`);
if (entriesOf(consoleManifest).join(' ') !== 'admin/index.html') fail(`expected one entry, admin/index.html, in ${consoleManifestFile}`);

/** The URLs an entry loads at once: its chunk, what it imports, and the dynamic imports named as loaded at once. */
function initialUrls(chunks: Manifest, entry: string, loadedAtOnce: ReadonlySet<string>): Set<string> {
  const urls = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (chunk === undefined || urls.has(`/${chunk.file}`)) return;
    urls.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const imported of chunk.dynamicImports ?? []) if (loadedAtOnce.has(imported)) visit(imported);
  };
  visit(entry);
  return urls;
}

/** The stylesheets of those chunks (the console's first screen counts its CSS too). */
function cssOf(chunks: Manifest, urls: ReadonlySet<string>): Set<string> {
  return new Set(Object.values(chunks).flatMap((chunk) => (urls.has(`/${chunk.file}`) ? (chunk.css ?? []).map((file) => `/${file}`) : [])));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Prints each URL's size and the total; false when over the budget. */
function measure(label: string, urls: ReadonlySet<string>, budget: number): boolean {
  let total = 0;
  for (const url of urls) {
    const source = readFileSync(join(root, new URL(url, 'http://site.invalid/').pathname));
    const gzipped = gzipSync(source, { level: 9 }).length;
    total += gzipped;
    console.log(`${kb(gzipped).padStart(9)} gz  ${kb(source.length).padStart(9)} raw  ${url}`);
  }
  console.log(`${label}: ${kb(total)} gzipped (budget ${kb(budget)})`);
  if (total > budget) console.error(`bench/bundle: ${label} is over budget by ${kb(total - budget)}`);
  return total <= budget;
}

const homeUrls = initialUrls(manifest, 'index.html', LOADED_AT_ONCE);
for (const key of LOADED_AT_ONCE) {
  if (!homeUrls.has(`/${manifest[key]?.file ?? ''}`)) fail(`${key} is not loaded by the entry any more: update LOADED_AT_ONCE`);
}
const consoleUrls = initialUrls(consoleManifest, 'admin/index.html', new Set());
const consoleFirstScreen = new Set([...consoleUrls, ...cssOf(consoleManifest, consoleUrls)]);
// The pages themselves must name their entries (a build whose HTML loads something else is not measured).
const page = readFileSync(join(root, 'index.html'), 'utf8');
if (!page.includes(`src="/${manifest['index.html']?.file}"`)) fail("dist/client/index.html does not load the manifest's entry");
const consolePage = readFileSync(join(root, 'admin', 'index.html'), 'utf8');
if (!consolePage.includes(`src="/${consoleManifest['admin/index.html']?.file}"`)) fail("dist/client/admin/index.html does not load the manifest's console entry");

// No public page loads the console: its own chunks are not named by the home page, and nothing
// the home page loads (at once or later) carries the console's API path.
const consoleOnly = [...consoleUrls].filter((url) => !homeUrls.has(url));
const named = consoleOnly.filter((url) => page.includes(url));
if (named.length > 0) fail(`the home page names console chunks: ${named.join(', ')}`);
const everySiteChunk = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && !consoleOnly.includes(`/${file}`));
const leaking = everySiteChunk.filter((file) => readFileSync(join(root, file), 'utf8').includes('/admin/api'));
if (leaking.length > 0) fail(`site chunks carry console code (/admin/api): ${leaking.join(', ')}`);

const homeFits = measure('initial JavaScript of /', homeUrls, BUDGET_BYTES);
const consoleFits = measure("console's first screen (/admin/, JavaScript and CSS)", consoleFirstScreen, CONSOLE_BUDGET_BYTES);
// Loaded later, when a console page needs them: each with what it brings that the first screen has not.
for (const [key, chunk] of Object.entries(consoleManifest)) {
  if (consoleUrls.has(`/${chunk.file}`) || !chunk.file.endsWith('.js')) continue;
  const later = initialUrls(consoleManifest, key, new Set());
  const own = new Set([...later, ...cssOf(consoleManifest, later)].filter((url) => !consoleFirstScreen.has(url)));
  let total = 0;
  for (const url of own) total += gzipSync(readFileSync(join(root, url)), { level: 9 }).length;
  console.log(`${kb(total).padStart(9)} gz  console chunk loaded later: ${key} (${[...own].join(', ')})`);
}
if (!homeFits || !consoleFits) process.exit(1);
