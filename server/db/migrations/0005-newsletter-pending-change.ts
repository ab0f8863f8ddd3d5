import type { Kysely } from 'kysely';

/*
 * A sign-up that would change an existing subscriber (more lists, another SMS number or
 * attributes) is not applied at once: it waits here until the subscriber confirms it from the
 * link mailed to their own address, so nobody can change someone else's subscription.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON { lists, sms, attributes, dates, formId, wording }, or null.
  await db.schema.alterTable('newsletter_subscribers').addColumn('pending_change', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').dropColumn('pending_change').execute();
}
