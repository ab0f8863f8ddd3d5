import type { Kysely } from 'kysely';

/*
 * Each subscriber shows when the newsletter service (Brevo, README.md "The newsletter service")
 * was last brought in step with them, and the last error it answered: both written by the
 * Brevo sync as it delivers a subscriber's queued changes.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the subscriber's latest queued change was accepted by Brevo; null: never (or no Brevo).
  await db.schema.alterTable('newsletter_subscribers').addColumn('brevo_synced_at', 'text').execute();
  // Brevo's last refusal or failure for this subscriber, cleared once a change is accepted.
  await db.schema.alterTable('newsletter_subscribers').addColumn('brevo_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').dropColumn('brevo_error').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('brevo_synced_at').execute();
}
