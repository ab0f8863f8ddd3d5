import type { OutboxAttachment, OutboxRequest } from '../db/types.ts';
import type { ComposedMail } from '../mail/composed-mail.ts';
import { removeUploads, storeUploads, type StoredUpload } from '../submissions/upload-store.ts';
import type { SubmissionRecord } from '../submissions/submission-record.ts';
import type { SubmissionFile, SubmissionWriter } from '../submissions/submission-writer.ts';
import type { UploadedFile } from './read-feedback-request.ts';

/*
 * The durable half of mail_sent: the submission, its files and its mail are committed in one
 * transaction (submission-writer.ts) before the visitor is told anything, so an acknowledged
 * message can only be delivered late, never lost. The files are written (and flushed) first;
 * if the transaction fails they are removed again and the visitor is answered mail_failed.
 */

export interface AcceptedSubmission {
  record: SubmissionRecord;
  uploads: readonly UploadedFile[];
  /** The mail, given the stored files as attachments. */
  mail: (attachments: OutboxAttachment[]) => ComposedMail;
  /** The form's API actions, sent after it by the outbox. */
  requests: readonly OutboxRequest[];
  uploadDir: string;
}

export type { SubmissionRecord };

export async function storeAcceptedSubmission(writer: SubmissionWriter, accepted: AcceptedSubmission): Promise<number> {
  const stored = await storeUploads(accepted.uploadDir, accepted.uploads);
  try {
    return await writer.write({ record: accepted.record, files: stored.map(toFileRow), mail: accepted.mail(stored.map(toAttachment)), requests: accepted.requests });
  } catch (error) {
    await removeUploads(accepted.uploadDir, stored);
    throw error;
  }
}

function toAttachment(file: StoredUpload<UploadedFile>): OutboxAttachment {
  return { storedName: file.storedName, filename: file.filename, contentType: file.kind.mediaType, size: file.size };
}

function toFileRow(file: StoredUpload<UploadedFile>): SubmissionFile {
  return { field: file.field, storedName: file.storedName, filename: file.filename, mediaType: file.kind.mediaType, size: file.size };
}
