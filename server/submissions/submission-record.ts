import { ANSWER_STATUS } from '../../src/validation/contact-form/index.ts';

/*
 * A submission as every form stores it (the page's contact form, the sidebar panel's): what was
 * posted, keyed hashes in place of the visitor's address, and the form's own details in `meta`.
 * Accepted ones go through the group-commit writer with their mail (submission-writer.ts);
 * spam is kept, flagged, with no files and no mail (the writer's storeSpam). Both write the
 * message's search index row in the same transaction (message-index.ts).
 */

/**
 * The status a submission whose mail was queued is stored with, by every form: Contact Form 7's
 * own word, as the page form answers it, so one vocabulary describes every stored row.
 */
export const SENT_STATUS = ANSWER_STATUS.sent.status;

/** A posted value as stored: text, or the names of several values (checkboxes, files). */
export type PostedValue = string | string[];

export interface SubmissionRecord {
  /** The form: CF7's numeric id ("12"), or the sidebar's "ncf-<index>". */
  formId: string;
  status: string;
  postedData: Readonly<Record<string, PostedValue>>;
  postedDataHash: string;
  remoteIpHash: string | null;
  userAgent: string | null;
  meta: Record<string, unknown>;
  createdAt: string;
}

/** The submissions row of a record. */
export function submissionRow(record: SubmissionRecord) {
  return {
    form_id: record.formId,
    status: record.status,
    posted_data: JSON.stringify(record.postedData),
    posted_data_hash: record.postedDataHash,
    remote_ip_hash: record.remoteIpHash,
    user_agent: record.userAgent,
    meta: JSON.stringify(record.meta),
    created_at: record.createdAt,
  };
}
