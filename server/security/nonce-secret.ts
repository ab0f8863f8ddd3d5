import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

export const NONCE_SECRET_SETTING = 'nonce_secret';

/**
 * The secret nonces are signed with: NONCE_SECRET when configured, else one generated on the
 * first start and kept in `settings`, so the zero-setup default works and nonces stay valid
 * across restarts. Several servers starting at once on one PostgreSQL database agree on the
 * same secret: the first insert wins, the others read it back.
 */
export async function resolveNonceSecret(db: Kysely<Database>, configured: string | null): Promise<string> {
  if (configured !== null) return configured;
  await db
    .insertInto('settings')
    .values({
      key: NONCE_SECRET_SETTING,
      value: randomBytes(32).toString('base64url'),
      updated_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', NONCE_SECRET_SETTING)
    .executeTakeFirstOrThrow();
  return row.value;
}
