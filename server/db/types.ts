import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Row types of every table, shared by SQLite and PostgreSQL. Conventions that keep one
 * schema working on both:
 * - timestamps are ISO-8601 UTC text from `new Date().toISOString()` (fixed width, so they
 *   sort and compare correctly as strings on both databases);
 * - booleans are integers 0/1 (SQLite has no boolean type);
 * - JSON documents are text, serialised and parsed by the application;
 * - ids are 32-bit auto-increment integers (`serial` on PostgreSQL), read back as numbers.
 */

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface SubmissionsTable {
  id: Generated<number>;
  /** The contact form's id as it appears in the URL. */
  form_id: string;
  /** The CF7 status answered to the visitor: mail_sent, spam, … */
  status: string;
  /** JSON object of the posted fields. */
  posted_data: string;
  posted_data_hash: string;
  /** Salted hash, never the address itself. */
  remote_ip_hash: string | null;
  user_agent: string | null;
  created_at: string;
  /** 1 when the submission was judged spam. */
  spam: Generated<number>;
  spam_reason: string | null;
  /** JSON object: unit tag, page URL, consent wording, reCAPTCHA score. */
  meta: Generated<string>;
}

export interface SubmissionFilesTable {
  id: Generated<number>;
  submission_id: number;
  field: string;
  /** Random file name inside UPLOAD_DIR. */
  stored_name: string;
  /** The visitor's file name, a label only (never a path). */
  original_name: string;
  /** Detected from the content, not taken from the browser. */
  media_type: string;
  size: number;
  created_at: string;
}

export interface CaptchasTable {
  /** Digits; the image is served as `<id>.svg`. */
  id: string;
  answer_hash: string;
  svg: string;
  expires_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  submission_id: number | null;
  /** Recipient list as one header value (`to` is an SQL keyword, hence the name). */
  to_address: string;
  reply_to: string | null;
  subject: string;
  /** Plain-text body. */
  body: string;
  /** JSON object of extra headers. */
  headers: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  /** JSON list of OutboxAttachment. */
  attachments: Generated<string>;
  /** Set when the worker gave up after its last retry. */
  failed_at: string | null;
}

/** One attachment of an outbox message: a stored upload, resolved against UPLOAD_DIR when sent. */
export interface OutboxAttachment {
  storedName: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface Database {
  settings: SettingsTable;
  submissions: SubmissionsTable;
  outbox: OutboxTable;
  submission_files: SubmissionFilesTable;
  captchas: CaptchasTable;
}

export type Setting = Selectable<SettingsTable>;
export type Submission = Selectable<SubmissionsTable>;
export type NewSubmission = Insertable<SubmissionsTable>;
export type OutboxMessage = Selectable<OutboxTable>;
export type NewOutboxMessage = Insertable<OutboxTable>;
export type OutboxMessageUpdate = Updateable<OutboxTable>;
