import { sql, type Kysely } from 'kysely';
import type { ConsoleRole, Database } from '../db/types.ts';

/*
 * Who may change what the site shows (README.md, "Editing the site"): an owner always, staff
 * while an owner lets staff edit (content_settings.staff_may_edit). The media library asks the
 * same question before an upload.
 */

/** Whether staff may edit content now. */
export type StaffMayEdit = (db: Kysely<Database>) => Promise<boolean>;

/**
 * content_settings.staff_may_edit, read without depending on the content store's migration: no
 * such table (or no row) is "no". The table belongs to the content store (migration 0023).
 */
export const staffMayEditSetting: StaffMayEdit = async (db) => {
  try {
    const { rows } = await sql<{ staff_may_edit: unknown }>`select staff_may_edit from content_settings`.execute(db);
    const value = rows[0]?.staff_may_edit;
    return value === true || value === 1 || value === '1' || value === 't';
  } catch (error) {
    // SQLite's "no such table", PostgreSQL's undefined_table; anything else (an unavailable database) is an error.
    const missing = error instanceof Error && (/no such table/.test(error.message) || (error as { code?: unknown }).code === '42P01');
    if (missing) return false;
    throw error;
  }
};

export async function mayEditContent(db: Kysely<Database>, role: ConsoleRole, staffMayEdit: StaffMayEdit): Promise<boolean> {
  return role === 'owner' || (await staffMayEdit(db));
}
