/*
 * A backup that fills its disk (README, "Backups and restore"): BACKUP_DIR on a small tmpfs
 * that the archive cannot fit in. The backup fails with a reason, in the process that ran it
 * (the jobs process serves requests too: it must not die), leaves no temporary file or staging
 * copy behind (the space goes back to the disk at once), and its failure is recorded for the
 * console's banner and /healthz.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/create-database.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { startBackup } from '../../server/operations/run-backup.ts';

let folder: string;
let small: string;

beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error('this test mounts a tmpfs: run it as root (CI does)');
  folder = await mkdtemp(path.join(tmpdir(), 'ops-backup-full-'));
  small = path.join(folder, 'backups');
  spawnSync('mkdir', ['-p', small]);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', small], { encoding: 'utf8' });
  if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr}`);
});

afterAll(async () => {
  spawnSync('umount', [small]);
  await rm(folder, { recursive: true, force: true });
});

describe('a backup on a disk that fills up', () => {
  it('fails with a reason, keeps the process alive, leaves nothing behind and is recorded as failed', async () => {
    const databaseUrl = `sqlite:${path.join(folder, 'site.db')}`;
    const db = createDatabase(databaseUrl);
    try {
      await runMigrations(db);
      // About 2.6 MB of messages: the database's copy fits on the 3 MB disk, the archive beside it does not.
      for (let index = 0; index < 40; index += 1) {
        await db
          .insertInto('submissions')
          .values({ form_id: '5', status: 'mail_sent', posted_data: JSON.stringify({ 'your-message': randomBytes(48_000).toString('base64') }), posted_data_hash: String(index), remote_ip_hash: null, user_agent: null, created_at: new Date().toISOString() })
          .execute();
      }
      const crashes: unknown[] = [];
      const onCrash = (error: unknown) => crashes.push(error);
      process.on('uncaughtException', onCrash);
      try {
        const config = { databaseUrl, uploadDir: path.join(folder, 'uploads'), mediaDir: path.join(folder, 'media'), addressHashKeyFile: null, backupDir: small, backupKeep: 14, backupOffsite: null };
        const started = await startBackup(db, config, { trigger: 'command' });
        if (!started.started) throw new Error('another backup holds the lock');
        const { written, failure } = await started.finished;
        expect(written).toBeNull();
        // Said in words in the console (src/views/shared/backup-texts.ts): the disk is full.
        expect(failure).toMatchObject({ code: 'diskFull', raw: expect.stringMatching(/ENOSPC|no space|free space/i) });
        // Whatever a stray stream does after the failure happens within a few turns.
        await new Promise((resolve) => setTimeout(resolve, 500));
      } finally {
        process.off('uncaughtException', onCrash);
      }
      expect(crashes).toEqual([]);
      expect(await readdir(small)).toEqual([]);
      const run = await db.selectFrom('backup_runs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/ENOSPC|no space|free space/i);
    } finally {
      await db.destroy();
    }
  });
});
