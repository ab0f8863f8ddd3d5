import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
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

/**
 * The pool Kysely's PostgresDialect takes, its clients naming PREPARED statements; `checkout`
 * takes a connection from `pool` (through the availability guard, create-database.ts).
 */
export function withPreparedStatements(pool: pg.Pool, checkout: () => Promise<pg.PoolClient> = () => pool.connect()): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
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
      let wrapped = clients.get(client);
      if (wrapped === undefined) {
        wrapped = {
          release: (destroy?: boolean) => client.release(destroy),
          query: ((text: unknown, values?: readonly unknown[]) =>
            typeof text === 'string' && text.startsWith(PREPARED)
              ? client.query({ name: nameOf(text), text, values: values as unknown[] })
              : client.query(text as string, values as unknown[])) as unknown as PostgresPoolClient['query'],
        };
        clients.set(client, wrapped);
      }
      return wrapped;
    },
  };
}
