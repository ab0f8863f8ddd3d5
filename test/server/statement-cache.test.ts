import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../server/db/statement-cache.ts';

describe('the SQLite statement cache', () => {
  it('prepares each SQL text once and reuses it', () => {
    const raw = new SqliteDatabase(':memory:');
    const db = withStatementCache(raw);
    db.prepare('create table t (n integer)').run([]);
    const insert = db.prepare('insert into t (n) values (?)');
    expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
    insert.run([1]);
    insert.run([2]);
    expect(db.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(db.prepare('select n from t order by n').reader).toBe(true);
    expect(insert.reader).toBe(false);
    db.close();
  });

  it('gives an iterating caller a statement of its own, so the cached one stays usable', () => {
    const db = withStatementCache(new SqliteDatabase(':memory:'));
    db.prepare('create table t (n integer)').run([]);
    for (const n of [1, 2, 3]) db.prepare('insert into t (n) values (?)').run([n]);
    const seen: unknown[] = [];
    for (const row of db.prepare('select n from t order by n').iterate([])) {
      seen.push(row);
      // The same SQL again while the iteration is open.
      expect(db.prepare('select n from t order by n').all([])).toHaveLength(3);
    }
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    db.close();
  });
});
