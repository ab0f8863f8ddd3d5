import { execFile } from 'node:child_process';
import { mkdtemp, open, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../server/helpers/wait-for.ts';
import { lostAcknowledged } from './support/acknowledged.ts';
import { sleep, startOpsServer } from './support/ops-server.ts';
import { requireRoot } from './support/require-root.ts';
import { startSiteLoad, unexpectedAnswers } from './support/site-load.ts';

/*
 * The disk is full (README.md, "Faults the server survives"): SQLite and UPLOAD_DIR on a 40 MB
 * tmpfs, filled by a filler file under load. Nothing is acknowledged that was not stored: the
 * contact form answers CF7's own mail_failed, the newsletter form the plugin's failure, beacons
 * 503 with a code, never a 400 or a 500; /healthz says `disk: low` with 503 once the disk has
 * less free space than DATABASE_MIN_FREE_BYTES (its write probe may still pass: SQLite writes into
 * pages it has), and `database: degraded` too while a write fails; deleting the filler brings it
 * all back by itself; nothing acknowledged is lost and `pragma integrity_check` is ok.
 */

const run = promisify(execFile);
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Writes `file` until the file system refuses (ENOSPC), in ever smaller pieces, so not a page is left. */
async function fillDisk(file: string): Promise<number> {
  const handle = await open(file, 'w');
  let written = 0;
  try {
    for (const size of [1024 * 1024, 64 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size, 0x5a);
      for (;;) {
        try {
          await handle.write(chunk);
          written += size;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
  return written;
}

async function health(base: string): Promise<{ status: number; database: string; disk: string }> {
  const response = await fetch(`${base}/healthz`);
  const { database, disk } = (await response.json()) as { database: string; disk: string };
  return { status: response.status, database, disk };
}

describe('a full disk under load', () => {
  it('acknowledges nothing it did not store, answers without blaming the visitor, says the disk is low (503) and the database degraded, and recovers when space is freed', async () => {
    requireRoot('a 40 MB tmpfs for the database (mount -t tmpfs)');
    const mountPoint = await mkdtemp(path.join(tmpdir(), 'ops-full-disk-'));
    await run('mount', ['-t', 'tmpfs', '-o', 'size=40m', 'tmpfs', mountPoint]);
    cleanups.push(async () => {
      await run('umount', [mountPoint]).catch(() => undefined);
      await rmdir(mountPoint).catch(() => undefined);
    });
    const databaseFile = path.join(mountPoint, 'site.db');
    // Floors a 40 MB disk can keep: DATABASE_MIN_FREE_BYTES' and UPLOAD_MIN_FREE_BYTES' defaults are larger than the whole disk.
    const server = await startOpsServer({ DATABASE_URL: `sqlite:${databaseFile}`, UPLOAD_DIR: path.join(mountPoint, 'uploads'), DATABASE_MIN_FREE_BYTES: '4MB', UPLOAD_MIN_FREE_BYTES: '2MB' });
    cleanups.push(() => server.stop());
    const load = startSiteLoad(server.base, { clients: 4, label: 'disk' });

    await sleep(3000);
    expect(await health(server.base)).toEqual({ status: 200, database: 'ok', disk: 'ok' });
    const filler = path.join(mountPoint, 'filler');
    const filled = await fillDisk(filler);
    const fullAt = Date.now();
    // The disk is below its floor at once, whether or not the write probe still finds a page of its own.
    const low = await waitFor('/healthz to say the disk is low', async () => {
      const answer = await health(server.base);
      return answer.status === 503 && answer.disk === 'low' ? answer : undefined;
    }, 10_000);
    const lowMs = Date.now() - fullAt;
    // Writes fail once SQLite needs a page the disk does not have; /healthz's probe then fails too.
    const degraded = await waitFor('/healthz to say the database is degraded', async () => {
      const answer = await health(server.base);
      return answer.status === 503 && answer.database === 'degraded' ? answer : undefined;
    }, 60_000);
    expect(degraded.disk).toBe('low');
    await sleep(3000);
    const refusedWhileFull = load.answers.filter((answer) => answer.startedAt >= fullAt && !answer.acknowledged && answer.kind !== 'page').length;

    await rm(filler);
    const freedAt = Date.now();
    await waitFor('/healthz to be ok again', async () => {
      const answer = await health(server.base);
      return answer.status === 200 && answer.disk === 'ok';
    }, 30_000);
    const okAgainMs = Date.now() - freedAt;
    await sleep(3000);
    await load.stop();
    await server.stop();

    const afterRecovery = load.answers.filter((answer) => answer.startedAt >= freedAt + okAgainMs + 1000);
    console.log(
      `Full disk: ${filled} bytes of filler; ${refusedWhileFull} requests refused while full; /healthz ${JSON.stringify(low)} ${lowMs} ms after, then ${JSON.stringify(degraded)}, ok again ${okAgainMs} ms after the filler went; ${afterRecovery.filter((answer) => answer.acknowledged).length} of ${afterRecovery.length} acknowledged after`,
    );
    expect(refusedWhileFull).toBeGreaterThan(0);
    expect(unexpectedAnswers(load.answers)).toEqual([]);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.every((answer) => answer.acknowledged)).toBe(true);

    const database = new SqliteDatabase(databaseFile);
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      database.close();
    }
    expect(await lostAcknowledged(`sqlite:${databaseFile}`, load.answers)).toEqual({ messages: [], signUps: [], beacons: 0 });
  });
});
