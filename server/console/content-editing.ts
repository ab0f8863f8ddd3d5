// Who may change what the site shows (README.md, "Editing the site"): an owner always, staff
// while an owner lets staff edit (content_settings.staff_may_edit, migration 0023). The content
// editor and the media library ask the same question, so it is written once here.
import type { Kysely, Transaction } from 'kysely';
import type { ConsoleRole, Database } from '../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether an owner lets staff edit content now. */
export async function staffMayEdit(db: Db): Promise<boolean> {
  const row = await db.selectFrom('content_settings').select('staff_may_edit').where('id', '=', 1).executeTakeFirst();
  return Number(row?.staff_may_edit ?? 0) === 1;
}

export async function setStaffMayEdit(db: Db, allowed: boolean): Promise<void> {
  await db.updateTable('content_settings').set({ staff_may_edit: allowed ? 1 : 0 }).where('id', '=', 1).execute();
}

/** Whether a person of `role` may publish content or change the pictures. */
export async function mayEditContent(db: Db, role: ConsoleRole): Promise<boolean> {
  return role === 'owner' || (await staffMayEdit(db));
}
