/*
 * `npm start`: build the site when the build is missing or older than its sources, then run
 * the server in this same process. A failed build stops here, loudly, instead of serving an
 * old or empty site.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readRetentionDays } from '../src/validation/privacy/retention-periods.ts';
import { RETENTION_STAMP_FILE, stampDiffers } from '../src/validation/privacy/retention-stamp.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtRoot = path.join(projectRoot, 'dist', 'client');
const builtPage = path.join(builtRoot, 'index.html');
/** Everything the build reads; a change to any of it makes the build stale. */
const buildInputs = ['src', 'content', 'public', 'index.html', 'vite.config.ts'];

/** Newest modification time under a file or folder, 0 when it does not exist. */
function newestChange(target: string): number {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

function buildIsStale(): string | null {
  const built = newestChange(builtPage);
  if (built === 0) return 'no build found';
  for (const input of buildInputs) {
    if (newestChange(path.join(projectRoot, input)) > built) return `${input} changed since the last build`;
  }
  // The privacy page states the retention periods: rebuilt when this environment's differ (README, "Privacy").
  let stamp: string | undefined;
  try {
    stamp = readFileSync(path.join(projectRoot, 'dist', 'ssr', RETENTION_STAMP_FILE), 'utf8');
  } catch {
    stamp = undefined;
  }
  try {
    return stampDiffers(stamp, readRetentionDays(process.env)) ?? null;
  } catch {
    return null; // a bad value: the server's configuration reports it
  }
}

function servesOwnBuild(): boolean {
  const configured = process.env.STATIC_ROOT?.trim();
  return !configured || path.resolve(configured) === builtRoot;
}

if (servesOwnBuild()) {
  const reason = buildIsStale();
  if (reason !== null) {
    process.stderr.write(`start: building the site (${reason})\n`);
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: projectRoot,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (build.error !== undefined || build.status !== 0) {
      const why = build.error?.message ?? `exit code ${build.status ?? `signal ${build.signal}`}`;
      process.stderr.write(`start: npm run build failed (${why}); not starting the server\n`);
      process.exit(build.status || 1);
    }
  }
} else {
  process.stderr.write('start: STATIC_ROOT points elsewhere, serving it as it is (no build)\n');
}

await import('../server/main.ts');
