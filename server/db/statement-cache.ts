import type { Database as BetterSqlite } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Kysely prepares every query anew; compiling the same SQL again was a tenth of a feedback
// POST's time. Queries are parameterised, so a handful of distinct SQL strings cover the
// application; the cap only guards against an unbounded set (it empties and starts again).
const MAX_STATEMENTS = 256;

/**
 * A better-sqlite3 database whose prepared statements are kept by SQL text and reused.
 * Safe because Kysely runs one query at a time on the connection and reads results with
 * all()/run() to completion; a streamed (iterate) query gets a statement of its own.
 */
export function withStatementCache(database: BetterSqlite): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        const prepared = database.prepare(sql);
        statement = {
          get reader() {
            return prepared.reader;
          },
          all: (parameters) => prepared.all(...parameters),
          run: (parameters) => prepared.run(...parameters),
          // A fresh statement: a cached one would be busy while the caller iterates.
          iterate: (parameters) => database.prepare(sql).iterate(...parameters),
        };
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
