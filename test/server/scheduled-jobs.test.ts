import { linkHashOf } from '../../server/click-tracking/hit-store.ts';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScheduledJobs } from '../../server/jobs/scheduled-jobs.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The server's housekeeping (jobs/scheduled-jobs.ts): old link clicks and old uploaded files
 * go, on a first run soon after start and then at every interval, until stopped. The jobs
 * themselves are tested with their modules (track-the-click, submissions-command); this is
 * their schedule and that both run.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DAY_MS = 24 * 3_600_000;
const now = Date.now();

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const test = await createTestApp(env, { now: () => now });
  cleanups.push(() => test.cleanup());
  await test.app.ready();
  return test;
}

async function oldClick(test: TestApp, daysAgo: number): Promise<void> {
  const { db } = test.database;
  const link = await db
    .insertInto('click_links')
    .values({ post_id: 1, page_url: '', target: `https://example.org/${daysAgo}`, anchor: 'x', link_hash: linkHashOf(1, '', `https://example.org/${daysAgo}`, 'x'), created_at: new Date(now - daysAgo * DAY_MS).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('click_hits').values({ link_id: link.id, clicked_at: new Date(now - daysAgo * DAY_MS).toISOString() }).execute();
}

/** A file in the upload folder that no submission references, last changed two hours ago. */
async function orphan(test: TestApp, letter: string): Promise<string> {
  await mkdir(test.uploadDir, { recursive: true });
  const file = join(test.uploadDir, `${letter.repeat(32)}.pdf`);
  await writeFile(file, '%PDF-1.7');
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  await utimes(file, twoHoursAgo, twoHoursAgo);
  return file;
}

describe(`scheduled jobs on ${testDialect}`, () => {
  it('delete old clicks and stray uploads soon after start and at every interval, and stop when told', async () => {
    const test = await appWith({ CLICK_RETAIN_DAYS: '30' });
    await oldClick(test, 40);
    await oldClick(test, 10);
    const first = await orphan(test, 'a');
    const jobs = startScheduledJobs(test.app, { firstRunDelayMs: 20, intervalMs: 200 });
    let stopped = false;
    cleanups.push(async () => {
      if (!stopped) await jobs.stop();
    });

    await waitFor('the first run', () => !existsSync(first));
    const hits = await test.database.db.selectFrom('click_hits').select('clicked_at').execute();
    expect(hits.map((hit) => hit.clicked_at)).toEqual([new Date(now - 10 * DAY_MS).toISOString()]);

    const second = await orphan(test, 'b');
    await waitFor('the next run', () => !existsSync(second));

    await jobs.stop();
    stopped = true;
    const third = await orphan(test, 'c');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(third)).toBe(true);
  });

  it('go on with the other jobs when one fails', async () => {
    const test = await appWith({});
    const stray = await orphan(test, 'd');
    await test.database.db.schema.dropTable('click_hits').execute();
    const jobs = startScheduledJobs(test.app, { firstRunDelayMs: 60_000 });
    cleanups.push(() => jobs.stop());
    await jobs.runNow();
    expect(existsSync(stray)).toBe(false);
  });
});
