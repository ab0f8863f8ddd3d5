import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PREPARED, withPreparedStatements } from '../../server/db/prepared-statements.ts';
import { testDatabaseUrl } from './helpers/test-db.ts';

// Named statements exist on PostgreSQL only (server/db/prepared-statements.ts).
describe.runIf(testDatabaseUrl !== null)('prepared statements on PostgreSQL', () => {
  let db: Kysely<unknown> | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('prepares a statement marked PREPARED once per connection, by a name from its text, and leaves others unnamed', async () => {
    // One connection, so every query below runs in the session whose statements are listed.
    db = new Kysely({ dialect: new PostgresDialect({ pool: withPreparedStatements(new pg.Pool({ connectionString: testDatabaseUrl ?? '', max: 1 })) }) });
    const marked = (value: number) => sql<{ doubled: number }>`${sql.raw(PREPARED)} select ${value}::integer * 2 as doubled`.execute(db!);
    expect((await marked(2)).rows).toEqual([{ doubled: 4 }]);
    expect((await marked(21)).rows).toEqual([{ doubled: 42 }]);
    await sql`select ${1}::integer as plain`.execute(db);
    const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toMatch(/^p_[0-9a-f]{32}$/);
    expect(rows[0]?.statement).toContain('select $1::integer * 2 as doubled');
  });
});
