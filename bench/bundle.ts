// Budget: the home route's initial JavaScript (what the browser fetches before first paint:
// the entry module and every modulepreload of the prerendered index.html), gzipped.
// Code that is not needed for the first paint (gallery, slider, maps, gsap) must be split off.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const root = 'dist/client';
const html = join(root, 'index.html');

if (!existsSync(html)) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const page = readFileSync(html, 'utf8');
const urls = new Set<string>();
for (const match of page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) urls.add(match[1]!);
for (const match of page.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g)) urls.add(match[1]!);
if (urls.size === 0) {
  console.error('bench/bundle: no script found in dist/client/index.html');
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
