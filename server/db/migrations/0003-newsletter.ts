import type { Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * The newsletter (Brevo form compatible): subscribers, one per mailbox, and the consent
 * records POPIA asks a responsible party to be able to show (who agreed to what wording,
 * through which form, when, and from where, the address only as a keyed hash). A consent row
 * is written for every subscribe, confirm and unsubscribe and never updated. Deleting a
 * subscriber (an erasure request) deletes their consent rows with them. The outbox gains a
 * sender name, so newsletter mail is not signed "Website contact form".
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('newsletter_subscribers'))
    // normaliseEmail(): trimmed, lower case. The unique constraint is what makes two
    // identical sign-ups arriving together one subscriber, on either database.
    .addColumn('email', 'text', (col) => col.notNull().unique())
    // pending (double opt-in not yet confirmed), subscribed, unsubscribed.
    .addColumn('status', 'text', (col) => col.notNull())
    // JSON list of Brevo list ids.
    .addColumn('lists', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('sms', 'text')
    // JSON objects by Brevo attribute name: text attributes as typed, dates as yyyy-mm-dd.
    .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('dates', 'text', (col) => col.notNull().defaultTo('{}'))
    // The form of the latest sign-up: its mail text and landing pages are used.
    .addColumn('form_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    // When the last confirmation mail was queued: a repeated sign-up does not mail again at once.
    .addColumn('confirmation_sent_at', 'text')
    .execute();
  await db.schema.createIndex('newsletter_subscribers_status').on('newsletter_subscribers').column('status').execute();

  await addIdColumn(db, db.schema.createTable('newsletter_consents'))
    .addColumn('subscriber_id', 'integer', (col) => col.notNull().references('newsletter_subscribers.id').onDelete('cascade'))
    // subscribe, confirm, unsubscribe.
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('form_id', 'integer')
    // The exact words the visitor agreed to (or the words of the button or link they used).
    .addColumn('wording', 'text', (col) => col.notNull())
    // JSON list of the list ids the action was about.
    .addColumn('lists', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('ip_hash', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_consents_subscriber_id')
    .on('newsletter_consents')
    .column('subscriber_id')
    .execute();

  // null: the contact form's sender name.
  await db.schema.alterTable('outbox').addColumn('from_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('from_name').execute();
  await db.schema.dropTable('newsletter_consents').execute();
  await db.schema.dropTable('newsletter_subscribers').execute();
}
