import type { Kysely } from 'kysely';
import { addIdColumn } from './id-column.ts';

/*
 * The console's people and how they sign in (ARCHITECTURE.md, "The console"): people are
 * invited by address and enrol passkeys (WebAuthn); no password is stored anywhere. Sessions
 * and invitations keep only the SHA-256 of their random secret, so a copy of the database
 * cannot be used to sign in. A ceremony's challenge lives in the database, not in a process,
 * because the cluster's other process may answer the ceremony's second request.
 * `submissions.read_at` is the inbox's read mark.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('console_people'))
    // Normalised (trimmed, lower case); unique, also after revocation (a new invitation revives it).
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull())
    // WebAuthn's user handle: random, base64url, never the address.
    .addColumn('user_handle', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await addIdColumn(db, db.schema.createTable('console_invitations'))
    .addColumn('person_id', 'integer', (col) => col.notNull().references('console_people.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    // Who invited: a person's id, or null for the command line.
    .addColumn('invited_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await addIdColumn(db, db.schema.createTable('console_passkeys'))
    .addColumn('person_id', 'integer', (col) => col.notNull().references('console_people.id').onDelete('cascade'))
    // base64url, as the browser reports it.
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    // base64url COSE public key.
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    // JSON list of transports.
    .addColumn('transports', 'text', (col) => col.notNull())
    .addColumn('device_type', 'text', (col) => col.notNull())
    .addColumn('backed_up', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('console_passkeys_person').on('console_passkeys').column('person_id').execute();

  await db.schema
    .createTable('console_sessions')
    // SHA-256 (hex) of the cookie's 256-bit random id.
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('person_id', 'integer', (col) => col.notNull().references('console_people.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    // The absolute end (created + 12 hours); the idle end is last_seen_at + 30 minutes.
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('console_sessions_person').on('console_sessions').column('person_id').execute();

  await db.schema
    .createTable('console_challenges')
    // SHA-256 (hex) of the ceremony's random handle, which the browser sends back.
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    // 'enrol' | 'sign-in' | 'add-passkey'
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('challenge', 'text', (col) => col.notNull())
    .addColumn('person_id', 'integer')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('console_audit'))
    .addColumn('at', 'text', (col) => col.notNull())
    // The person acting, or null (the command line, an unknown passkey).
    .addColumn('person_id', 'integer')
    // Who, as text at the time (an address, or "command line").
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    // What it acted on: an address, "message 12", …
    .addColumn('subject', 'text', (col) => col.notNull())
    // JSON object of details.
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('ip_hash', 'text')
    .execute();
  await db.schema.createIndex('console_audit_at').on('console_audit').column('at').execute();
  await db.schema.createIndex('console_audit_person_action').on('console_audit').columns(['person_id', 'action', 'at']).execute();

  await db.schema.alterTable('submissions').addColumn('read_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('read_at').execute();
  for (const table of ['console_audit', 'console_challenges', 'console_sessions', 'console_passkeys', 'console_invitations', 'console_people']) {
    await db.schema.dropTable(table).execute();
  }
}
