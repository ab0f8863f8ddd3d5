import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES } from '../../../content/content-documents.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { publish, restore, type RestoreOutcome } from '../../../server/content-editor/content-store.ts';
import { imageManifest } from '../../../content/image-manifest.ts';
import { runScript } from '../helpers/server-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/test-db.ts';

/* `npm run content -- export | history`: the live documents written back as the repository's files, and a document's revisions. */

let database: TestDatabase | undefined;
let out: string | undefined;

afterEach(async () => {
  await database?.cleanup();
  database = undefined;
  if (out !== undefined) await rm(out, { recursive: true, force: true });
  out = undefined;
});

const checks = { imageKeys: new Set(Object.keys(imageManifest.images)) };
const author = { id: 7, name: 'owner@example.co.za' };

async function content(args: string[]) {
  if (database === undefined) throw new Error('no database');
  const run = runScript('scripts/content.ts', { DATABASE_URL: database.url }, args);
  const { code } = await run.exit;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** hero published twice; about published and then restored to the repository's. */
async function seeded(): Promise<{ hero: number[]; about: number[] }> {
  database = await createTestDatabase();
  const { db } = database;
  const stored = (outcome: RestoreOutcome) => {
    if (outcome.status !== 'published') throw new Error(`not published: ${JSON.stringify(outcome)}`);
    return outcome.revision;
  };
  const hero1 = stored(await publish(db, { name: 'hero', document: { ...repositoryContent().hero, heading: 'First' }, note: 'Shorter heading', baseRevision: 0, author, now: Date.parse('2026-11-20T10:00:00Z') }, checks));
  const about1 = stored(await publish(db, { name: 'about', document: { ...repositoryContent().about, heading: 'Who we are' }, note: '', baseRevision: 0, author, now: Date.parse('2026-11-21T10:00:00Z') }, checks));
  const hero2 = stored(await publish(db, { name: 'hero', document: { ...repositoryContent().hero, heading: 'Second' }, note: 'Even shorter', baseRevision: hero1, author: { id: null, name: 'command line' }, now: Date.parse('2026-11-22T10:00:00Z') }, checks));
  const about2 = stored(await restore(db, { name: 'about', revision: 0, baseRevision: about1, author, now: Date.parse('2026-11-23T10:00:00Z') }, checks));
  return { hero: [hero1, hero2], about: [about1, about2] };
}

describe(`npm run content on ${testDialect}`, () => {
  it('exports only the documents that differ from the repository\'s, as two-space JSON with a final newline', async () => {
    const { hero } = await seeded();
    out = await mkdtemp(path.join(tmpdir(), 'content-export-'));
    const { code, stdout, stderr } = await content(['export', '--out', out]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(await readdir(out)).toEqual(['hero.json']);
    const text = await readFile(path.join(out, 'hero.json'), 'utf8');
    expect(text).toBe(`${JSON.stringify({ ...repositoryContent().hero, heading: 'Second' }, null, 2)}\n`);
    expect(stdout).toBe(`wrote ${path.join(out, 'hero.json')} (revision ${hero[1]})\n1 of ${DOCUMENT_NAMES.length} documents written.\n`);
  });

  it('says so when nothing differs', async () => {
    database = await createTestDatabase();
    out = await mkdtemp(path.join(tmpdir(), 'content-export-'));
    const { code, stdout } = await content(['export', `--out=${out}`]);
    expect(code).toBe(0);
    expect(stdout).toBe('Every document is as the repository has it: nothing written.\n');
    expect(await readdir(out)).toEqual([]);
  });

  it('lists a document\'s revisions, newest first, with time, who and note', async () => {
    const { hero } = await seeded();
    const { code, stdout, stderr } = await content(['history', 'hero']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^ +${hero[1]}  2026-11-22T10:00:00.000Z  command line +  Even shorter  \\[live\\]$`));
    expect(lines[1]).toMatch(new RegExp(`^ +${hero[0]}  2026-11-20T10:00:00.000Z  owner@example.co.za +  Shorter heading$`));
    expect(lines[2]).toMatch(/^ +0 {2}\(the repository\)/);
  });

  it('answers one line for an unknown document or command', async () => {
    database = await createTestDatabase();
    const unknown = await content(['history', 'heroes']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^content: there is no document named "heroes" \(documents: hero, about, .*\)\n$/);
    const wrong = await content(['publish']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('content: unknown command "publish"\nusage: npm run content -- export [--out dir] | history <document>\n');
    const option = await content(['export', '--everything']);
    expect(option.code).toBe(2);
    expect(option.stderr.split('\n')[0]).toBe('content: unknown or malformed option "--everything"');
  });
});
