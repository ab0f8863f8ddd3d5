import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { hasGeneration, pruneGenerations, writeGeneration } from '../../../server/site-generations/generation-folders.ts';
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

describe('a generation on disk', () => {
  it('holds every rendered file with the .br and .gz twins the build writes, in a folder named by its revision', async () => {
    const dir = await generationsDir();
    expect(await writeGeneration(dir, 4, files)).toBe(true);
    expect(await readdir(dir)).toEqual(['4']);
    const home = await readFile(path.join(dir, '4', 'index.html'), 'utf8');
    expect(home).toBe(files.find((file) => file.relative === 'index.html')?.body);
    expect(brotliDecompressSync(await readFile(path.join(dir, '4', 'index.html.br'))).toString()).toBe(home);
    expect(gunzipSync(await readFile(path.join(dir, '4', 'projects', 'new-hall', 'index.html.gz'))).toString()).toContain('new-hall at revision 4');
    expect(await readFile(path.join(dir, '4', '.well-known', 'security.txt'), 'utf8')).toContain('# revision 4');
    expect(await hasGeneration(dir, 4)).toBe(true);
    expect(await hasGeneration(dir, 5)).toBe(false);
  });

  it('is written once when two writers race: the second keeps the first one’s and leaves nothing of its own', async () => {
    const dir = await generationsDir();
    const other = renderFake({ revision: 4, projects: ['other-hall'], categories: [] });
    const results = await Promise.all([writeGeneration(dir, 4, files), writeGeneration(dir, 4, other)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await readdir(dir)).toEqual(['4']);
    const projects = await readdir(path.join(dir, '4', 'projects'));
    expect(projects).toEqual(results[0] ? ['new-hall'] : ['other-hall']);
  });

  it('refuses a rendered path that would leave the folder', async () => {
    const dir = await generationsDir();
    for (const relative of ['../escape.html', '/etc/passwd', 'a//b.html', '.git/config', 'a\\b.html', '']) {
      await expect(writeGeneration(dir, 1, [{ relative, body: 'x' }]), relative).rejects.toThrow("a rendered file's path must be relative to the site");
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps the newest generations and removes a dead writer’s temporary folder, not a live one', async () => {
    const dir = await generationsDir();
    for (const revision of [2, 9, 10, 11, 12]) await mkdir(path.join(dir, String(revision)));
    await mkdir(path.join(dir, '.tmp-3-123-dead'));
    await mkdir(path.join(dir, '.tmp-13-456-live'));
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(dir, '.tmp-3-123-dead'), hourAgo, hourAgo);
    await writeFile(path.join(dir, 'notes.txt'), 'not a generation');
    expect(await pruneGenerations(dir, 3)).toEqual([9, 2]);
    expect((await readdir(dir)).sort()).toEqual(['.tmp-13-456-live', '10', '11', '12', 'notes.txt']);
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
      await expect(writeGeneration(mountPoint, 7, [...files, ...big])).rejects.toThrow(/ENOSPC/);
      expect(await readdir(mountPoint)).toEqual([]);
      // Room again for a small one: the same folder takes it.
      expect(await writeGeneration(mountPoint, 7, files)).toBe(true);
      expect(await readdir(mountPoint)).toEqual(['7']);
    } finally {
      execFileSync('umount', [mountPoint]);
    }
  });
});
