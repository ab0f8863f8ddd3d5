import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

/*
 * What a generation belongs to (README.md "Live in seconds"): one build and one revision of one
 * database. Its folder is named `<revision>-<stamp>`, the stamp a hash of the build's id and the
 * revision's own random id (migration 0027), so pages rendered by a previous build (whose
 * scripts the new build no longer has), or for a revision of the same number in another database
 * or before a restore, are never served: the revision is rendered again.
 */

/**
 * The files that say which build this is, relative to STATIC_ROOT: the home page the build
 * prerendered (it names the entry script's hashed file) and Vite's manifest of every hashed
 * asset. The renderer beside it (`../ssr`, server/app.ts builtSiteRenderer) is hashed whole.
 */
const BUILD_FILES = ['index.html', '.vite/manifest.json'] as const;

/** A hash of the build in STATIC_ROOT and of its renderer; another `npm run build` gives another. */
export async function buildIdOf(staticRoot: string): Promise<string> {
  const hash = createHash('sha256');
  const ssrDir = path.resolve(staticRoot, '..', 'ssr');
  const ssrFiles = await readdir(ssrDir, { recursive: true, withFileTypes: true }).then(
    (entries) => entries.filter((entry) => entry.isFile()).map((entry) => path.relative(ssrDir, path.join(entry.parentPath, entry.name))).sort(),
    () => [],
  );
  // Named by their place in the build, not on this disk: the same build anywhere has the same id.
  const files = [...BUILD_FILES.map((file) => ({ name: `client/${file}`, file: path.join(staticRoot, file) })), ...ssrFiles.map((file) => ({ name: `ssr/${file}`, file: path.join(ssrDir, file) }))];
  for (const { name, file } of files) {
    const bytes = await readFile(file).catch(() => null);
    hash.update(`${name}\0${bytes === null ? 'absent' : createHash('sha256').update(bytes).digest('hex')}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The stamp of a generation: the build's id with the revision's random id. */
export function generationStamp(buildId: string, revisionUid: string): string {
  return createHash('sha256').update(`${buildId}\0${revisionUid}`).digest('hex').slice(0, 16);
}

/** A stored revision's random id (migration 0027); throws when the store has no such revision. */
export async function revisionUid(db: Kysely<Database> | Transaction<Database>, revision: number): Promise<string> {
  const row = await db.selectFrom('content_revisions').select('uid').where('id', '=', revision).executeTakeFirst();
  if (row === undefined) throw new Error(`content revision ${revision} is not in the content store`);
  return row.uid;
}
