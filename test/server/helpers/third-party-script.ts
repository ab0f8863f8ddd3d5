import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

/*
 * A third-party script that a test runs unchanged but the repository never holds (its licence
 * and its owner are not ours): taken at test time from where an environment variable points,
 * either the script itself or a git repository that carries it (a WordPress site with the
 * plugin installed, or the plugin's own repository), read from that repository's HEAD. Without
 * the variable the test has nothing to run and says so.
 */

export type ThirdPartyScript = { found: true; source: string; origin: string } | { found: false; reason: string };

/**
 * The script at `$variable`: a file, or a git repository in whose HEAD the script is the first
 * path (sorted) equal to one of `paths` or ending in `/` + one of them.
 */
export function thirdPartyScript(variable: string, paths: readonly string[]): ThirdPartyScript {
  const location = process.env[variable]?.trim() ?? '';
  if (location === '') return { found: false, reason: `${variable} is not set` };
  let isFile: boolean;
  try {
    isFile = statSync(location).isFile();
  } catch {
    return { found: false, reason: `${variable}=${location} does not exist` };
  }
  if (isFile) return { found: true, source: readFileSync(location, 'utf8'), origin: location };
  const git = (...args: string[]) => execFileSync('git', ['-C', location, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  let tree: string[];
  try {
    tree = git('ls-tree', '-r', '--name-only', 'HEAD').split('\n');
  } catch {
    return { found: false, reason: `${variable}=${location} is neither a file nor a git repository with a HEAD` };
  }
  const path = tree
    .filter((name) => paths.some((wanted) => name === wanted || name.endsWith(`/${wanted}`)))
    .sort()
    .at(0);
  if (path === undefined) return { found: false, reason: `${variable}=${location} has none of ${paths.join(', ')} in HEAD` };
  return { found: true, source: git('show', `HEAD:${path}`), origin: `${location} HEAD:${path}` };
}
