import type { Kysely } from 'kysely';

/*
 * The newsletter service's sync (README.md "The newsletter service (Brevo)"): Brevo's changes
 * ride the outbox on a channel of their own (`brevo`), ordered per address by `order_key`
 * (`brevo:<email>`: a row is sent only once every earlier row of its key is delivered or held),
 * and the poll back from Brevo keeps its cursor (the last `modifiedAt` it applied) in
 * `service_cursors`, so a restart or the other cluster process goes on from there.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('order_key', 'text').execute();
  await db.schema.createIndex('outbox_order_key').on('outbox').columns(['order_key', 'id']).execute();
  await db.schema
    .createTable('service_cursors')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_cursors').execute();
  await db.schema.dropIndex('outbox_order_key').execute();
  await db.schema.alterTable('outbox').dropColumn('order_key').execute();
}
