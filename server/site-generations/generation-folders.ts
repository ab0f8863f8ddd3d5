import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { compressedTwins, isCompressible } from '../../scripts/precompress.ts';
import type { RenderedSiteFile } from './site-renderer.ts';

/*
 * Generations of rendered pages on disk (README.md "Live in seconds"): `<dir>/<revision>-<stamp>/`,
 * each a whole set of the renderer's files with the .br/.gz twins the build writes; the stamp
 * says which build and which revision of which database it was rendered for
 * (generation-stamp.ts). A generation is written into a temporary folder, synced, and renamed
 * into place: a folder so named is complete or absent, never half written (a full disk or a
 * crash leaves at most a temporary folder, removed at once or by the next prune). Two processes
 * writing the same generation: the second rename fails and its copy is dropped; both then serve
 * the winner's.
 */

/** Generations kept on disk; older ones are deleted after each new one. */
export const GENERATIONS_KEPT = 3;
const TEMPORARY_PREFIX = '.tmp-';
/** A temporary folder older than this is a dead writer's (a crash), never one still writing. */
const STALE_TEMPORARY_MS = 10 * 60_000;

/**
 * Brotli's quality for a generation's twins: the build's best (11) took 3.4 s for the site's
 * 850 KB of pages on a busy two-core machine, 10 took 1.5 s for twins 2 % larger (README.md
 * "Live in seconds"): the pages must be live within seconds of a publish.
 */
export const LIVE_BROTLI_QUALITY = 10;

/** How a file is written, synced before it counts; tests put a full disk in its place. */
export type WriteSynced = (file: string, data: Buffer) => Promise<void>;

export async function writeSynced(file: string, data: Buffer): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A generation's folder name: its revision, then its stamp (generation-stamp.ts). */
export function generationName(revision: number, stamp: string): string {
  return `${revision}-${stamp}`;
}

const GENERATION_NAME = /^(\d+)-[0-9a-f]+$/;
/** How a release before the stamps named a generation: never served again, so removed at start and by the prune. */
const UNSTAMPED_NAME = /^\d+$/;

export function generationFolder(dir: string, name: string): string {
  return path.join(dir, name);
}

export async function hasGeneration(dir: string, name: string): Promise<boolean> {
  try {
    return (await stat(generationFolder(dir, name))).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Writes `files` as the generation `name`; answers whether this call's folder is the one in
 * place (false: another writer's rename came first, and its folder is the generation).
 */
export async function writeGeneration(
  dir: string,
  name: string,
  files: readonly RenderedSiteFile[],
  write: WriteSynced = writeSynced,
): Promise<boolean> {
  for (const file of files) checkRelative(file.relative);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `${TEMPORARY_PREFIX}${name}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const folders = new Set([temporary]);
    await mkdir(temporary);
    // Compressed side by side (zlib's threads) unless the renderer made the twins (its worker
    // thread: site-render/worker-renderer.ts), then written one by one.
    const prepared = await Promise.all(files.map(async (file) => {
      const body = typeof file.body === 'string' ? Buffer.from(file.body) : file.body;
      return { relative: file.relative, body, twins: isCompressible(file.relative) ? (file.twins ?? (await compressedTwins(body, LIVE_BROTLI_QUALITY))) : null };
    }));
    for (const { relative, body, twins } of prepared) {
      const target = path.join(temporary, relative);
      for (let folder = path.dirname(target); !folders.has(folder); folder = path.dirname(folder)) folders.add(folder);
      await mkdir(path.dirname(target), { recursive: true });
      await write(target, body);
      if (twins !== null) {
        await write(`${target}.br`, twins.br);
        await write(`${target}.gz`, twins.gz);
      }
    }
    // The names too: a folder's entries are durable once the folder itself is synced.
    for (const folder of folders) await syncFolder(folder);
    try {
      await rename(temporary, generationFolder(dir, name));
    } catch (error) {
      if (!isTaken(error)) throw error;
      await rm(temporary, { recursive: true, force: true });
      return false;
    }
    await syncFolder(dir);
    return true;
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Deletes all but the newest `keep` generations (the last written; `serving`, the one this
 * process serves, is always kept), the unstamped ones of an older release, and temporary folders
 * a crash left. Answers the names removed. Newest by when they were written, not by revision: after
 * a restore the revision served may be lower than older generations'.
 */
export async function pruneGenerations(dir: string, keep: number = GENERATIONS_KEPT, now = Date.now(), serving?: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return [];
  }
  const generations = await Promise.all(
    entries
      .filter((entry) => GENERATION_NAME.test(entry))
      .map(async (name) => ({ name, revision: Number(GENERATION_NAME.exec(name)?.[1]), written: await stat(path.join(dir, name)).then((stats) => stats.mtimeMs, () => 0) })),
  );
  generations.sort((a, b) => b.written - a.written || b.revision - a.revision);
  const removed = generations.slice(keep).map((generation) => generation.name).filter((name) => name !== serving);
  for (const name of removed) await rm(generationFolder(dir, name), { recursive: true, force: true });
  removed.push(...(await removeUnstampedGenerations(dir, entries)));
  for (const entry of entries.filter((name) => name.startsWith(TEMPORARY_PREFIX))) {
    const folder = path.join(dir, entry);
    const modified = await stat(folder).then((stats) => stats.mtimeMs, () => now);
    if (now - modified > STALE_TEMPORARY_MS) await rm(folder, { recursive: true, force: true });
  }
  return removed;
}

/**
 * Deletes the generations of a release before the stamps (`<dir>/<revision>/`), which no build
 * serves again: at every start, and with each prune. Answers the names removed.
 */
export async function removeUnstampedGenerations(dir: string, entries?: readonly string[]): Promise<string[]> {
  let names: readonly string[];
  try {
    names = entries ?? (await readdir(dir));
  } catch {
    return [];
  }
  const removed = names.filter((entry) => UNSTAMPED_NAME.test(entry));
  for (const name of removed) await rm(generationFolder(dir, name), { recursive: true, force: true });
  return removed;
}

/** A renderer's path stays inside the generation: relative, `/`-separated, no `..`, no dot folders but `.well-known`. */
function checkRelative(relative: string): void {
  const parts = relative.split('/');
  const bad = relative === '' || relative.includes('\\') || relative.includes('\0') ||
    parts.some((part, index) => part === '' || part === '.' || part === '..' || (part.startsWith('.') && !(index === 0 && part === '.well-known')));
  if (bad) throw new Error(`a rendered file's path must be relative to the site, without "..": got ${JSON.stringify(relative)}`);
}

function isTaken(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOTEMPTY' || code === 'EEXIST';
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
