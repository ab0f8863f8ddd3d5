/*
 * `npm run backup` and `npm run restore` run by root over a data folder the server's own user
 * owns (the systemd recipe's layout, README "Deployment") refuse with one line, before they
 * write anything: root's files there would be unreadable to the server.
 */
import { spawnSync } from 'node:child_process';
import { chownSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const NOBODY = 65534;
let folder: string;
let data: string;

beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error('this test runs the commands as root: run it as root (CI does)');
  folder = await mkdtemp(path.join(tmpdir(), 'ops-root-'));
  data = path.join(folder, 'data');
  await mkdir(data);
  chownSync(data, NOBODY, NOBODY);
  await writeFile(path.join(folder, 'site-backup-2026-11-27T000000Z.zip'), 'not read');
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function run(script: string, args: string[]): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [path.resolve(script), ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${path.join(data, 'site.db')}`, UPLOAD_DIR: path.join(data, 'uploads'), BACKUP_DIR: path.join(data, 'backups') },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr };
}

describe('the backup commands as root over the server user\'s data folder', () => {
  it('refuse with one line naming the owner, and write nothing', async () => {
    for (const [script, args] of [['scripts/restore.ts', [path.join(folder, 'site-backup-2026-11-27T000000Z.zip')]], ['scripts/backup.ts', []]] as const) {
      const { status, stderr } = run(script, [...args]);
      expect(status, stderr).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain(`belongs to user id ${NOBODY}, not root: run this as that user`);
    }
    expect(await readdir(data)).toEqual([]);
  });
});
