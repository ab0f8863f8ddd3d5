import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '../../src/validation/console/console-api.ts';
import type { Database } from '../db/types.ts';

/*
 * The console's audit log (README.md, "The console"): who did what, when. Written in the same
 * transaction as the change it records where there is one, so a change is never without its
 * entry. Owners read it in the console.
 */

export interface AuditActor {
  /** The signed-in person, or null (the command line, an unknown passkey). */
  personId: number | null;
  /** An address, or "command line". */
  actor: string;
  ipHash: string | null;
}

export const COMMAND_LINE_ACTOR: AuditActor = { personId: null, actor: 'command line', ipHash: null };

export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  who: AuditActor,
  entry: { action: AuditAction; subject: string; detail?: Record<string, unknown>; now: number },
): Promise<void> {
  await db
    .insertInto('console_audit')
    .values({
      at: new Date(entry.now).toISOString(),
      person_id: who.personId,
      actor: who.actor,
      action: entry.action,
      subject: entry.subject,
      detail: JSON.stringify(entry.detail ?? {}),
      ip_hash: who.ipHash,
    })
    .execute();
}
