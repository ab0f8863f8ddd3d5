import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../content/forms/index.ts';
import type { Database } from '../db/types.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import type { ComposedMail } from '../mail/composed-mail.ts';
import { composeMail } from './compose-mail.ts';
import type { PostedData } from './posted-data.ts';
import { INCOMING_NAME_PATTERN } from './read-feedback-request.ts';
import { SENT_STATUS } from '../submissions/submission-record.ts';
import { STORED_NAME_PATTERN } from '../submissions/upload-store.ts';

/*
 * What the site owner does with stored submissions (`npm run submissions`): see the ones held
 * as spam (reCAPTCHA failures included) and send on one that was held wrongly, and delete
 * uploaded files once they are older than the retention period, with a sweep of files that no
 * submission references (a crash between writing a file and committing its submission).
 */

export interface SpamItem {
  id: number;
  receivedAt: string;
  formId: string;
  reason: string;
  /** The value of the form's Reply-To field (the visitor's e-mail), when there is one. */
  from: string;
  /** The first text the visitor wrote, shortened. */
  excerpt: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : '');

export async function listSpam(db: Kysely<Database>, findForm: (id: number) => FormDefinition | undefined): Promise<SpamItem[]> {
  const rows = await db.selectFrom('submissions').selectAll().where('spam', '=', 1).orderBy('id').execute();
  return rows.map((row) => {
    const posted = JSON.parse(row.posted_data) as PostedData;
    const form = findForm(Number(row.form_id));
    const textarea = form?.fields.find((field) => field.type === 'textarea')?.name;
    const excerpt = text(textarea === undefined ? Object.values(posted)[0] : posted[textarea]).replace(/\s+/g, ' ').trim();
    return {
      id: row.id,
      receivedAt: row.created_at,
      formId: row.form_id,
      reason: row.spam_reason ?? 'spam',
      from: form === undefined ? '' : text(posted[form.mail.replyTo]),
      excerpt: excerpt.length > 60 ? `${excerpt.slice(0, 59)}…` : excerpt,
    };
  });
}

export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
}

/**
 * Sends on a submission that was held as spam: its mail (composed as it would have been) is
 * put in the outbox and the submission marked sent, in one transaction. Files of a spam
 * submission were never kept; the mail names them as not kept.
 */
export async function releaseSpam(
  db: Kysely<Database>,
  id: number,
  options: {
    findForm: (id: number) => FormDefinition | undefined;
    mailTo: string | null;
    now: number;
    /** The mail of a submission of another kind of form (the sidebar's "ncf-<index>"), if it knows the form. */
    otherMail?: (row: { form_id: string; posted_data: string; meta: string }) => ComposedMail | undefined;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw new ReleaseError(`submission ${id} does not exist`);
    if (row.spam !== 1) throw new ReleaseError(`submission ${id} is not held as spam`);
    const meta = JSON.parse(row.meta) as { url?: string | null; consent?: Record<string, string> };
    const form = /^\d+$/.test(row.form_id) ? options.findForm(Number(row.form_id)) : undefined;
    const mail =
      form === undefined
        ? options.otherMail?.(row)
        : composeMail({
            form,
            postedData: JSON.parse(row.posted_data) as PostedData,
            mailTo: options.mailTo,
            attachments: [],
            filesKept: false,
            consent: meta.consent ?? {},
            submittedAt: row.created_at,
            pageUrl: meta.url ?? null,
          });
    if (mail === undefined) throw new ReleaseError(`submission ${id} is of form ${row.form_id}, which the site no longer has`);
    await enqueueMail(trx, { ...mail, submissionId: row.id, createdAt: new Date(options.now).toISOString() });
    const released = { ...meta, released_from_spam_at: new Date(options.now).toISOString(), spam_reason: row.spam_reason };
    await trx.updateTable('submissions').set({ spam: 0, status: SENT_STATUS, meta: JSON.stringify(released) }).where('id', '=', id).execute();
  });
}

export interface PurgeResult {
  /** Files of submissions older than the retention period, deleted with their rows. */
  expired: number;
  /** Files no submission references, deleted. */
  orphans: number;
}

/** A file younger than this may belong to a submission still being committed: left alone. */
const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Deletes uploaded files of submissions older than `retainMs` (UPLOAD_RETAIN_DAYS), except
 * those attached to mail not yet delivered, and files in the folder that no submission
 * references and that are over an hour old.
 */
export async function purgeUploads(db: Kysely<Database>, uploadDir: string, options: { retainMs: number; now: number }): Promise<PurgeResult> {
  const cutoff = new Date(options.now - options.retainMs).toISOString();
  const undelivered = await db.selectFrom('outbox').select('attachments').where('delivered_at', 'is', null).execute();
  const stillMailed = new Set(undelivered.flatMap((row) => (JSON.parse(row.attachments) as Array<{ storedName: string }>).map((file) => file.storedName)));
  const expiredRows = await db.selectFrom('submission_files').select(['id', 'stored_name']).where('created_at', '<', cutoff).execute();
  const expired = expiredRows.filter((row) => !stillMailed.has(row.stored_name));
  for (const row of expired) {
    await rm(path.join(uploadDir, row.stored_name), { force: true });
    await db.deleteFrom('submission_files').where('id', '=', row.id).execute();
  }

  const referenced = new Set((await db.selectFrom('submission_files').select('stored_name').execute()).map((row) => row.stored_name));
  let orphans = 0;
  const names = await readdir(uploadDir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  for (const name of names) {
    // Stored files nothing references, and temporary ones a crash left behind.
    const ours = STORED_NAME_PATTERN.test(name) || INCOMING_NAME_PATTERN.test(name);
    if (!ours || referenced.has(name) || stillMailed.has(name)) continue;
    const file = path.join(uploadDir, name);
    if (options.now - (await stat(file)).mtimeMs < ORPHAN_GRACE_MS) continue;
    await rm(file, { force: true });
    orphans += 1;
  }
  return { expired: expired.length, orphans };
}
