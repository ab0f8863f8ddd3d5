import type { Kysely } from 'kysely';

/*
 * Mail health (README.md, "Mail health") is read on every /healthz poll and every console
 * banner check: the newest delivery, the newest message given up on and the waiting ones. The
 * outbox keeps delivered rows, so without these indexes each poll would read the whole table.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('outbox_delivered_at').on('outbox').column('delivered_at').execute();
  await db.schema.createIndex('outbox_failed_at').on('outbox').column('failed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_failed_at').execute();
  await db.schema.dropIndex('outbox_delivered_at').execute();
}
