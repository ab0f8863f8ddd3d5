import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { generationName, hasGeneration, pruneGenerations, writeGeneration } from '../../../server/site-generations/generation-folders.ts';
import { renderFake } from './helpers/fake-site.ts';

/* Generations on disk (README.md "Live in seconds"): whole or absent, never half written. */

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function generationsDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-test-generation-folders-'));
  folders.push(dir);
  return dir;
}

const files = renderFake({ revision: 4, projects: ['new-hall'], categories: ['control-room'] });
/** Generation names as the live site makes them: the revision, then a stamp of the build and the revision's id. */
const FOUR = generationName(4, '0123456789abcdef');
const SEVEN = generationName(7, '0123456789abcdef');

describe('a generation on disk', () => {
  it('holds every rendered file with the .br and .gz twins the build writes, in a folder named by its revision and stamp', async () => {
    const dir = await generationsDir();
    expect(FOUR).toBe('4-0123456789abcdef');
    expect(await writeGeneration(dir, FOUR, files)).toBe(true);
    expect(await readdir(dir)).toEqual([FOUR]);
    const home = await readFile(path.join(dir, FOUR, 'index.html'), 'utf8');
    expect(home).toBe(files.find((file) => file.relative === 'index.html')?.body);
    expect(brotliDecompressSync(await readFile(path.join(dir, FOUR, 'index.html.br'))).toString()).toBe(home);
    expect(gunzipSync(await readFile(path.join(dir, FOUR, 'projects', 'new-hall', 'index.html.gz'))).toString()).toContain('new-hall at revision 4');
    expect(await readFile(path.join(dir, FOUR, '.well-known', 'security.txt'), 'utf8')).toContain('# revision 4');
    expect(await hasGeneration(dir, FOUR)).toBe(true);
    expect(await hasGeneration(dir, generationName(4, 'fedcba9876543210'))).toBe(false);
    expect(await hasGeneration(dir, generationName(5, '0123456789abcdef'))).toBe(false);
  });

  it('is written once when two writers race: the second keeps the first one’s and leaves nothing of its own', async () => {
    const dir = await generationsDir();
    const other = renderFake({ revision: 4, projects: ['other-hall'], categories: [] });
    const results = await Promise.all([writeGeneration(dir, FOUR, files), writeGeneration(dir, FOUR, other)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await readdir(dir)).toEqual([FOUR]);
    const projects = await readdir(path.join(dir, FOUR, 'projects'));
    expect(projects).toEqual(results[0] ? ['new-hall'] : ['other-hall']);
  });

  it('refuses a rendered path that would leave the folder', async () => {
    const dir = await generationsDir();
    for (const relative of ['../escape.html', '/etc/passwd', 'a//b.html', '.git/config', 'a\\b.html', '']) {
      await expect(writeGeneration(dir, generationName(1, 'ab'), [{ relative, body: 'x' }]), relative).rejects.toThrow("a rendered file's path must be relative to the site");
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps the newest generations written and the one served, removes unstamped ones and a dead writer’s temporary folder, not a live one', async () => {
    const dir = await generationsDir();
    // Written an hour apart, oldest first: after a restore, the newest written has the lowest revision.
    const written = ['2-aa', '9-aa', '10-aa', '11-aa', '12-aa', '3-bb'];
    for (const [index, name] of written.entries()) {
      await mkdir(path.join(dir, name));
      const at = new Date(Date.now() - (written.length - index) * 3_600_000);
      await utimes(path.join(dir, name), at, at);
    }
    // A generation of a release before the stamps: never served again.
    await mkdir(path.join(dir, '12'));
    await mkdir(path.join(dir, '.tmp-3-123-dead'));
    await mkdir(path.join(dir, '.tmp-13-456-live'));
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(dir, '.tmp-3-123-dead'), hourAgo, hourAgo);
    await writeFile(path.join(dir, 'notes.txt'), 'not a generation');
    expect(await pruneGenerations(dir, 3, Date.now(), '9-aa')).toEqual(['10-aa', '2-aa', '12']);
    expect((await readdir(dir)).sort()).toEqual(['.tmp-13-456-live', '11-aa', '12-aa', '3-bb', '9-aa', 'notes.txt'].sort());
  });
});

// A real full disk: a 1 MB tmpfs, which only root can mount (CI runs the tests as root).
const canMount = process.getuid?.() === 0 && process.platform === 'linux';

describe.skipIf(!canMount)('a generation on a full disk (a 1 MB tmpfs)', () => {
  it('fails with ENOSPC and leaves no folder behind, whole or half', async () => {
    const mountPoint = await generationsDir();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', mountPoint]);
    try {
      const big = Array.from({ length: 12 }, (_, index) => ({ relative: `projects/p${index}/index.html`, body: Buffer.alloc(128 * 1024, 0x41 + index) }));
      await expect(writeGeneration(mountPoint, SEVEN, [...files, ...big])).rejects.toThrow(/ENOSPC/);
      expect(await readdir(mountPoint)).toEqual([]);
      // Room again for a small one: the same folder takes it.
      expect(await writeGeneration(mountPoint, SEVEN, files)).toBe(true);
      expect(await readdir(mountPoint)).toEqual([SEVEN]);
    } finally {
      execFileSync('umount', [mountPoint]);
    }
  });
});
