import type SqliteDatabase from 'better-sqlite3';
import { waitWhileBusy } from '../db/busy-wait.ts';
import { openSqlite } from '../db/create-database.ts';
import { linkKeyOf, pageKeyOf, type ClickHit, type HitStore } from './hit-store.ts';

/*
 * Click hits on a SQLite file, through a connection of their own. Beacons come by the
 * thousand a second: a batch here is one synchronous better-sqlite3 transaction of prepared
 * statements, where going through Kysely (its query building, a promise per statement and the
 * connection's queue) cost a beacon more than SQLite itself.
 *
 * That connection always commits with `synchronous = NORMAL`: in WAL mode a commit is in the
 * log file once acknowledged, so a SIGKILL of the server keeps it; only a power cut or a kernel
 * crash in that instant could take the last clicks with it (SQLITE_SYNCHRONOUS=full, for the
 * application's connection, is not worth a disk sync per batch of clicks). It begins
 * IMMEDIATE and, should another connection hold the write lock, the whole batch is tried
 * again without stopping the event loop (a transaction that fails is rolled back, so nothing
 * of it is kept in between).
 */

interface Statements {
  insertLink: SqliteDatabase.Statement<[number, string, string, string, string, string]>;
  linkId: SqliteDatabase.Statement<[string], { id: number }>;
  insertHit: SqliteDatabase.Statement<[number, string]>;
}

function storeIn(statements: Statements, hits: readonly ClickHit[], known: ReadonlyMap<string, number>): Map<string, number> {
  const ids = new Map<string, number>();
  for (const hit of hits) {
    const key = linkKeyOf(hit);
    let id = ids.get(key) ?? known.get(key);
    if (id === undefined) {
      statements.insertLink.run(hit.postId, pageKeyOf(hit), hit.target, hit.anchor, key, hit.clickedAt);
      id = statements.linkId.get(key)?.id;
      if (id === undefined) throw new Error('a click link just made could not be read back');
    }
    ids.set(key, id);
    statements.insertHit.run(id, hit.clickedAt);
  }
  return ids;
}

type StoreBatch = (hits: readonly ClickHit[], known: ReadonlyMap<string, number>) => Map<string, number>;

export function sqliteHitStore(file: string, busyWaitMs?: number): HitStore {
  // Opened on the first batch, after the server has migrated the database.
  let opened: { database: SqliteDatabase.Database; store: SqliteDatabase.Transaction<StoreBatch> } | null = null;
  const open = () => {
    const database = openSqlite(file, 'normal');
    const statements: Statements = {
      insertLink: database.prepare(
        'insert into click_links (post_id, page_url, target, anchor, link_hash, created_at) values (?, ?, ?, ?, ?, ?) on conflict (link_hash) do nothing',
      ),
      linkId: database.prepare('select id from click_links where link_hash = ?'),
      insertHit: database.prepare('insert into click_hits (link_id, clicked_at) values (?, ?)'),
    };
    const store = database.transaction<StoreBatch>((hits, known) => storeIn(statements, hits, known));
    return { database, store };
  };
  return {
    store: (hits, known) =>
      waitWhileBusy(() => {
        const { store } = (opened ??= open());
        return store.immediate(hits, known);
      }, busyWaitMs),
    async close() {
      opened?.database.close();
      opened = null;
    },
  };
}
