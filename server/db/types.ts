import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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

/** One run of a backup (README.md, "Backups and restore"): how it ended, and where its archive went. */
export interface BackupRunsTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string;
  /** `ok` or `failed`. */
  status: string;
  /** The archive's file name in BACKUP_DIR; null for a failed run. */
  archive: string | null;
  bytes: number | null;
  /** Why a run failed: one line. */
  error: string | null;
  /** Who started it: `schedule`, `console` or `command` (migration 0033; null before). */
  trigger: string | null;
  /** The host name of the server that ran it. */
  machine: string | null;
  /** A failure's kind (src/validation/shared/backup-health.protocol.ts, BACKUP_FAILURES), for the console's words. */
  error_code: string | null;
  /** The archive's copy in the off-site storage: `pending`, `copied` or `failed`; null when none was configured. */
  copy_state: string | null;
  copy_attempts: ColumnType<number, number | undefined, number>;
  copied_at: string | null;
  /** Why the last attempt to copy failed: one line, and its kind. */
  copy_error: string | null;
  copy_error_code: string | null;
  /** When the jobs process tries the copy again. */
  copy_next_at: string | null;
}

/**
 * The backup or off-site copy running now (migration 0033; README.md, "Backups and restore"): one
 * row at most (`name` is always `backup`), whichever process runs it; its heartbeat shows it
 * is alive, its phase and bytes are the console's progress.
 */
export interface BackupLockTable {
  name: string;
  /** The holder's own random token: only it updates or releases the row. */
  token: string;
  /** `backup`, or `copy` (an archive copied again to the off-site storage). */
  kind: string;
  trigger: string;
  /** The archive a copy sends. */
  archive: string | null;
  machine: string;
  started_at: string;
  heartbeat_at: string;
  /** `database`, `archiving` or `copying`. */
  phase: string;
  done_bytes: number | null;
  total_bytes: number | null;
}

/** A picture uploaded in the console (migration 0024, README.md "Pictures in the console"). */
export interface MediaTable {
  id: Generated<number>;
  key: string;
  alt: string;
  original_name: string;
  /** The type read from the content: image/jpeg, image/png or image/webp. */
  content_type: string;
  width: number;
  height: number;
  /** JSON: the image-manifest entry's widths, hash, fallback and colour. */
  variants: string;
  bytes: number;
  /** The console person's address. */
  uploaded_by: string;
  created_at: string;
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
  /** When someone in the console opened it or marked it read; null: new. */
  read_at: Generated<string | null>;
  /** When someone marked it answered, and their console address (migration 0035); null: not answered. */
  answered_at: Generated<string | null>;
  answered_by: Generated<string | null>;
}

/** An internal note on a message (migration 0036): never shown to the sender. */
export interface MessageNotesTable {
  id: Generated<number>;
  submission_id: number;
  /** The console person's address who wrote it. */
  author: string;
  body: string;
  created_at: string;
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

/** The inbox's search index: a message's five searchable parts and its phone number (server/submissions/message-forms.ts). */
export interface SubmissionIndexTable {
  submission_id: number;
  name: string;
  email: string;
  company: string;
  subject: string;
  message: string;
  /**
   * The form's declared phone field without separators, '' when it has none; null until read
   * (a row indexed before migration 0032). Not searched: a privacy request by number reads it.
   */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CaptchasTable {
  /** Digits; the image is served as `<id>.svg`. */
  id: string;
  answer_hash: string;
  svg: string;
  expires_at: string;
}

/** Where a poll of an outside service got to (the Brevo poll's last modifiedAt). */
export interface ServiceCursorsTable {
  name: string;
  value: string;
  updated_at: string;
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
  /** Display name of the sender; null: the contact form's. */
  from_name: Generated<string | null>;
  /** `mail`, or `http`: a request to an outside API (a form's API action). */
  channel: Generated<OutboxChannel>;
  /** JSON OutboxRequest of an http row. */
  request: string | null;
  /** Rows of one key are sent in order (`brevo:<email>`); null: no order kept. */
  order_key: Generated<string | null>;
  /** HTTP status of a request's last answer. */
  response_status: number | null;
}

/** mail, a form's API request (http), a change for the newsletter service (brevo). */
export type OutboxChannel = 'mail' | 'http' | 'brevo';

/** What an http row sends: built from the form's configuration when the submission was stored. */
export interface OutboxRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  headers: Array<[string, string]>;
  body: string | null;
  contentType: string | null;
}

/** One attachment of an outbox message: a stored upload, resolved against UPLOAD_DIR when sent. */
export interface OutboxAttachment {
  storedName: string;
  filename: string;
  contentType: string;
  size: number;
}

export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';
export type ConsentAction = 'subscribe' | 'confirm' | 'unsubscribe';

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Normalised (trimmed, lower case); unique. */
  email: string;
  status: SubscriberStatus;
  /** JSON list of list ids. */
  lists: string;
  sms: string | null;
  /** JSON object of text attributes by Brevo name. */
  attributes: string;
  /** JSON object of date attributes by Brevo name, yyyy-mm-dd. */
  dates: string;
  form_id: number;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  confirmation_sent_at: string | null;
  /** A change asked for by a later sign-up, waiting for the mailbox's confirmation (JSON). */
  pending_change: Generated<string | null>;
  /** When Brevo last accepted the subscriber's queued change; null: never. */
  brevo_synced_at: Generated<string | null>;
  /** Brevo's last error for the subscriber; null once a change is accepted. */
  brevo_error: Generated<string | null>;
}

export interface NewsletterConsentsTable {
  id: Generated<number>;
  subscriber_id: number;
  action: ConsentAction;
  form_id: number | null;
  wording: string;
  /** JSON list of list ids. */
  lists: string;
  /** Salted hash, never the address itself. */
  ip_hash: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface Database {
  settings: SettingsTable;
  backup_runs: BackupRunsTable;
  backup_lock: BackupLockTable;
  media: MediaTable;
  submissions: SubmissionsTable;
  outbox: OutboxTable;
  submission_files: SubmissionFilesTable;
  message_notes: MessageNotesTable;
  submission_index: SubmissionIndexTable;
  captchas: CaptchasTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_consents: NewsletterConsentsTable;
  rate_limits: RateLimitsTable;
  human_test_spent: HumanTestSpentTable;
  click_links: ClickLinksTable;
  click_hits: ClickHitsTable;
  console_people: ConsolePeopleTable;
  console_invitations: ConsoleInvitationsTable;
  console_passkeys: ConsolePasskeysTable;
  console_sessions: ConsoleSessionsTable;
  console_challenges: ConsoleChallengesTable;
  console_audit: ConsoleAuditTable;
  service_cursors: ServiceCursorsTable;
  health_probe: HealthProbeTable;
  content_revisions: ContentRevisionsTable;
  content_settings: ContentSettingsTable;
  content_previews: ContentPreviewsTable;
  content_schedules: ContentSchedulesTable;
}

/** A published content document (migration 0023; README.md, "Editing the site"): its id is the global revision number. */
export interface ContentRevisionsTable {
  id: Generated<number>;
  /** A document name of content/content-documents.ts. */
  document: string;
  /** The document as JSON text. */
  body: string;
  note: string;
  /** Who published it: a console person's id (kept after the person is gone), or null for the command line. */
  author_id: number | null;
  author_name: string;
  created_at: string;
  /** Random, written by the database (migration 0027): tells apart revisions a restore or another database numbered alike. */
  uid: Generated<string>;
  /** Its number within its document, 1, 2, 3… (migration 0034): what the console shows; `id` stays the key. */
  number: number;
}

/** The content editor's one settings row (id 1). */
export interface ContentSettingsTable {
  id: number;
  /** 1: staff may publish and restore too. */
  staff_may_edit: number;
}

/** A draft being previewed in the console (migration 0023), for 10 minutes. */
export interface ContentPreviewsTable {
  id: string;
  /** The console session's id_hash: only that session sees it. */
  session_hash: string;
  document: string;
  /** The draft as JSON text. */
  body: string;
  /** The page of the site shown. */
  path: string;
  created_at: string;
  expires_at: string;
}

/** One row, upserted by /healthz's write probe (migration 0021). */
export interface HealthProbeTable {
  id: number;
  checked_at: string;
}

/** Track The Click's links: a page's link to a target with its anchor text. */
export interface ClickLinksTable {
  id: Generated<number>;
  /** The page's id from content; 0 for a page without one. */
  post_id: number;
  /** The page's URL when post_id is 0, else ''. */
  page_url: string;
  target: string;
  anchor: string;
  /** SHA-256 of the link's key (click-tracking/hit-store.ts), unique: the text is not indexed. */
  link_hash: string;
  created_at: string;
}

/** One click on a link. */
export interface ClickHitsTable {
  id: Generated<number>;
  link_id: number;
  clicked_at: string;
}

/** Sidebar human-test challenges already answered (single use), until they expire. */
export interface HumanTestSpentTable {
  id: string;
  expires_at: string;
}

export interface RateLimitsTable {
  bucket: string;
  key: string;
  /** Milliseconds since the epoch (PostgreSQL's bigint arrives as a string). */
  window_start: number | string;
  count: number;
  /** When the window ends (window_start + its length): the sweep deletes rows past it (0 in rows written without it). */
  expires_at: Generated<number | string>;
}

export type Setting = Selectable<SettingsTable>;
export type Submission = Selectable<SubmissionsTable>;
export type NewSubmission = Insertable<SubmissionsTable>;
export type OutboxMessage = Selectable<OutboxTable>;
export type NewOutboxMessage = Insertable<OutboxTable>;
export type OutboxMessageUpdate = Updateable<OutboxTable>;

/** The console's roles (ARCHITECTURE.md, "The console"): owner does everything, staff reads and handles messages. */
export type ConsoleRole = 'owner' | 'staff';

export interface ConsolePeopleTable {
  id: Generated<number>;
  email: string;
  role: ConsoleRole;
  /** WebAuthn user handle, base64url of random bytes. */
  user_handle: string;
  created_at: string;
  revoked_at: string | null;
}

export interface ConsoleInvitationsTable {
  id: Generated<number>;
  person_id: number;
  /** SHA-256 hex of the link's token. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ConsolePasskeysTable {
  id: Generated<number>;
  person_id: number;
  credential_id: string;
  public_key: string;
  /** PostgreSQL's bigint arrives as a string. */
  counter: number | string;
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface ConsoleSessionsTable {
  id_hash: string;
  person_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
  user_agent: string | null;
  /** The person's last passkey sign-in in this session (migration 0029): its start, or a later "sign in again". */
  signed_in_at: string | null;
}

/** `sign-in-again`: a passkey sign-in inside a session, by one of its person's passkeys. */
export type ConsoleChallengePurpose = 'enrol' | 'sign-in' | 'sign-in-again' | 'add-passkey';

export interface ConsoleChallengesTable {
  id_hash: string;
  purpose: ConsoleChallengePurpose;
  challenge: string;
  person_id: number | null;
  expires_at: string;
}

export interface ConsoleAuditTable {
  id: Generated<number>;
  at: string;
  person_id: number | null;
  actor: string;
  action: string;
  subject: string;
  detail: string;
  ip_hash: string | null;
}

/** A change to be published at a set time (migration 0037; README.md, "Editing the site"). */
export interface ContentSchedulesTable {
  id: Generated<number>;
  kind: 'document' | 'project';
  /** The document it publishes ('projects' for a project). */
  document: string;
  /** The draft document, or the NewProject, as JSON text. */
  body: string;
  base_revision: number | null;
  note: string;
  author_id: number | null;
  author_name: string;
  publish_at: string;
  created_at: string;
  state: 'waiting' | 'published' | 'failed' | 'cancelled';
  /** The revision that made it live (published). */
  revision: number | null;
  /** Why it could not be published (failed). */
  problem: string | null;
  /** When it was published, failed or cancelled, and who cancelled it. */
  done_at: string | null;
  done_by: string | null;
}
