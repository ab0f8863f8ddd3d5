import { createHash } from 'node:crypto';
import type { PostgresPool } from 'kysely';
import pg from 'pg';

/*
 * Named prepared statements on PostgreSQL, for the few hot statements that ask for them: a
 * statement whose text starts with PREPARED is parsed (and its plan cached) once per
 * connection and then only bound and executed, by a name made from its text. Kysely sends
 * every query unnamed, which PostgreSQL parses and plans anew each time; for the group-commit
 * writer's batch statement that planning cost about as much as executing a small batch
 * (README.md, "Measured"). Any other statement goes through untouched.
 */

/** The comment a statement starts with to be prepared by name. */
export const PREPARED = '/* prepared */';

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * The pool Kysely's PostgresDialect takes, its clients naming PREPARED statements; `checkout`
 * takes a connection from `pool` (through the availability guard, create-database.ts).
 */
export function withPreparedStatements(pool: pg.Pool, checkout: () => Promise<pg.PoolClient> = () => pool.connect()): PostgresPool {
  const named = new WeakSet<pg.PoolClient>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    // Kysely cancels a query through a second connection of this class (the pool's default).
    Client: pg.Client,
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      const client = await checkout();
      // Once per connection (pg keeps its clients): a PREPARED statement goes by its name.
      if (!named.has(client)) {
        named.add(client);
        const query = client.query.bind(client) as QueryFunction;
        const naming: QueryFunction = (...args) => {
          const [text, values] = args;
          if (typeof text !== 'string' || !text.startsWith(PREPARED) || typeof args.at(-1) === 'function') return query(...args);
          return query({ name: nameOf(text), text, values });
        };
        client.query = naming as typeof client.query;
      }
      return client;
    },
  };
}
