import type { Kysely } from 'kysely';

/*
 * The sidebar form's human test ("a + b = ?") is a signed challenge that nothing needs to store
 * until it is answered: then its id is written here, once, so the same challenge (and its
 * answer) cannot be sent twice. A row is kept until the challenge would have expired anyway.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('human_test_spent')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('human_test_spent_expires_at').on('human_test_spent').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('human_test_spent').execute();
}
