import type { Kysely } from 'kysely';
import type { Database, OutboxAttachment } from '../db/types.ts';
import type { ComposedMail } from './compose-mail.ts';
import type { PostedData } from './posted-data.ts';
import { removeUploads, storeUploads, type StoredUpload } from './upload-store.ts';
import { submissionRow, type SubmissionWriter } from './submission-writer.ts';
import type { UploadedFile } from './read-feedback-request.ts';

/*
 * The durable half of mail_sent: the submission, its files and its mail are committed in one
 * transaction (submission-writer.ts) before the visitor is told anything, so an acknowledged
 * message can only be delivered late, never lost. The files are written (and flushed) first;
 * if the transaction fails they are removed again and the visitor is answered mail_failed.
 */

export interface SubmissionRecord {
  formId: string;
  status: string;
  postedData: PostedData;
  postedDataHash: string;
  remoteIpHash: string | null;
  userAgent: string | null;
  meta: Record<string, unknown>;
  createdAt: string;
}

export interface AcceptedSubmission {
  record: SubmissionRecord;
  uploads: readonly UploadedFile[];
  /** The mail, given the stored files as attachments. */
  mail: (attachments: OutboxAttachment[]) => ComposedMail;
  uploadDir: string;
}

export async function storeAcceptedSubmission(writer: SubmissionWriter, accepted: AcceptedSubmission): Promise<number> {
  const stored = await storeUploads(accepted.uploadDir, accepted.uploads);
  try {
    return await writer.write({ record: accepted.record, files: stored, mail: accepted.mail(stored.map(toAttachment)) });
  } catch (error) {
    await removeUploads(accepted.uploadDir, stored);
    throw error;
  }
}

/** A spam submission: kept, flagged, with no files and no mail. */
export async function storeSpamSubmission(db: Kysely<Database>, record: SubmissionRecord, reason: string): Promise<void> {
  await db
    .insertInto('submissions')
    .values({ ...submissionRow(record), spam: 1, spam_reason: reason })
    .execute();
}

function toAttachment(file: StoredUpload): OutboxAttachment {
  return { storedName: file.storedName, filename: file.filename, contentType: file.kind.mediaType, size: file.size };
}
