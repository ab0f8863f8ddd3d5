import type { Kysely } from 'kysely';

/*
 * The outbox carries requests to outside APIs as well as mail (a contact form's
 * `api_url_request` / `api_json_xml_request` actions): a row's `channel` says which, and an
 * http row's `request` holds what to send. Both are committed with their submission and
 * delivered with the same claims, retries and hold-as-failed, by a worker per channel.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('channel', 'text', (col) => col.notNull().defaultTo('mail')).execute();
  // JSON { url, method, headers, body, contentType } of an http row; null for mail.
  await db.schema.alterTable('outbox').addColumn('request', 'text').execute();
  // The answer's status of a delivered (or last failed) request.
  await db.schema.alterTable('outbox').addColumn('response_status', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('response_status').execute();
  await db.schema.alterTable('outbox').dropColumn('request').execute();
  await db.schema.alterTable('outbox').dropColumn('channel').execute();
}
