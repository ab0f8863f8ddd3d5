import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES } from '../../../content/content-documents.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { publish, restore, type RestoreOutcome } from '../../../server/content-editor/content-store.ts';
import { imageManifest, variantFileName } from '../../../content/image-manifest.ts';
import { variantsColumn } from '../../../server/media-library/media-rows.ts';
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

  it('writes an uploaded picture the exported documents name into the repository\'s pictures, from the largest width kept', async () => {
    database = await createTestDatabase();
    const { db } = database;
    out = await mkdtemp(path.join(tmpdir(), 'content-export-'));
    const media = path.join(out, 'media-dir');
    await mkdir(media);
    const entry = { width: 1000, height: 700, hash: '0123456789', widths: [480, 960, 1000], fallback: 'jpeg' as const, color: '#102030' };
    await db
      .insertInto('media')
      .values({ key: 'harbour-wall', alt: 'A wall by the harbour', original_name: 'Harbour Wall.jpg', content_type: 'image/jpeg', width: 1000, height: 700, variants: variantsColumn(entry), bytes: 1, uploaded_by: 'owner@example.co.za', created_at: '2026-11-27T08:00:00.000Z' })
      .execute();
    const largest = Buffer.from('the 1000 px JPEG the console kept');
    await writeFile(path.join(media, variantFileName('harbour-wall', entry.hash, 1000, 'jpeg')), largest);
    await writeFile(path.join(media, variantFileName('harbour-wall', entry.hash, 480, 'jpeg')), 'a smaller one');
    const hero = { ...repositoryContent().hero, image: { key: 'harbour-wall', alt: 'A wall by the harbour' } };
    const outcome = await publish(db, { name: 'hero', document: hero, note: '', baseRevision: 0, author, now: Date.parse('2026-11-27T08:00:00Z') }, { imageKeys: new Set([...checks.imageKeys, 'harbour-wall']) });
    expect(outcome.status).toBe('published');
    const run = runScript('scripts/content.ts', { DATABASE_URL: database.url, MEDIA_DIR: media }, ['export', '--out', out]);
    expect((await run.exit).code).toBe(0);
    expect(run.stdout()).toContain(`wrote ${path.join(out, 'images', 'harbour-wall.jpg')} (the uploaded picture, 1000 px wide)`);
    expect(await readFile(path.join(out, 'images', 'harbour-wall.jpg'))).toEqual(largest);
    // The build's own pictures are the repository's already: not written.
    expect(await readdir(path.join(out, 'images'))).toEqual(['harbour-wall.jpg']);
  });
});
