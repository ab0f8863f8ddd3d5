import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/create-database.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { WaitingSqliteDialect } from '../../server/db/sqlite-waiting-driver.ts';
import { withStatementCache } from '../../server/db/statement-cache.ts';
import type { Database } from '../../server/db/types.ts';

/*
 * Two connections to one SQLite file in one process stand for two server processes: the first
 * holds the write lock until a timer of this same event loop releases it. Had the second
 * connection waited the way SQLite's own busy handler does (sleeping the thread), that timer
 * could never fire: the wait would only end with SQLITE_BUSY.
 */

type Db = Kysely<Database>;

let folder: string;
let file: string;
const opened: Db[] = [];

const open = (): Db => {
  const db = createDatabase(`sqlite:${file}`);
  opened.push(db);
  return db;
};

/** Holds the write lock of `db` for `ms`, then commits `n`. */
function holdWriteLock(db: Db, ms: number, n: number): { locked: Promise<void>; committed: Promise<void> } {
  let signalLocked: () => void = () => undefined;
  const locked = new Promise<void>((resolve) => (signalLocked = resolve));
  const committed = db.transaction().execute(async (trx) => {
    await insert(trx, n);
    signalLocked();
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  return { locked, committed };
}

/** A row of a real table, told apart by its count. */
const insert = (db: Pick<Db, 'insertInto'>, n: number) => db.insertInto('rate_limits').values({ bucket: 'test', key: `k${n}`, window_start: 0, count: n }).execute();
const stored = async (db: Db) => (await db.selectFrom('rate_limits').select('count').orderBy('count').execute()).map((row) => row.count);

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'sqlite-waiting-'));
  file = path.join(folder, 'site.db');
  await runMigrations(open());
});

afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
  await rm(folder, { recursive: true, force: true });
});

describe('SQLite shared by processes: another writer is waited for without stopping the event loop', () => {
  it('a transaction begins once the other writer commits, and both writes are kept', async () => {
    const [first, second] = [open(), open()];
    const holder = holdWriteLock(first, 150, 1);
    await holder.locked;
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    await second.transaction().execute((trx) => insert(trx, 2));
    clearInterval(ticker);
    await holder.committed;
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    // The event loop went on meanwhile.
    expect(ticks).toBeGreaterThan(3);
    expect(await stored(second)).toEqual([1, 2]);
  });

  it('a statement outside a transaction waits the same way', async () => {
    const [first, second] = [open(), open()];
    const holder = holdWriteLock(first, 100, 1);
    await holder.locked;
    await insert(second, 2);
    await holder.committed;
    expect(await stored(second)).toEqual([1, 2]);
  });

  it('gives up with SQLITE_BUSY when the lock is held longer than the wait, and nothing of its own is written', async () => {
    const first = open();
    const impatient = new Kysely<Database>({
      dialect: new WaitingSqliteDialect({
        busyWaitMs: 50,
        database: async () => {
          const database = new SqliteDatabase(file);
          database.pragma('busy_timeout = 0');
          return withStatementCache(database);
        },
      }),
    });
    opened.push(impatient);
    const holder = holdWriteLock(first, 300, 1);
    await holder.locked;
    await expect(impatient.transaction().execute((trx) => insert(trx, 2))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    await holder.committed;
    // The connection is usable again, outside any transaction.
    await insert(impatient, 3);
    expect(await stored(impatient)).toEqual([1, 3]);
  });
});
