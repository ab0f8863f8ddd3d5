// The console inbox's protocol, written once for the browser (services/inbox/) and the server
// (server/inbox/): the list with its filters and cursor, one message, its actions, the export
// and mail health. Browser-safe. Routes are below CONSOLE_API (validation/console/console-api.ts).
import { array, boolean, enums, literal, nullable, number, object, optional, pattern, size, string, union, type Infer } from 'superstruct';
import { MAIL_FAILURE_KINDS } from '../shared/mail-health.protocol.ts';
import { BULK_MAX, BulkIdsStruct, bulkAnswerStruct, exportIdsParam } from '../shared/bulk-action.protocol.ts';

export { BULK_MAX };

/** Routes below CONSOLE_API. `:id` and `:fileId` are path parameters. */
export const INBOX_ROUTE = {
  /** GET ?InboxQuery: a page of messages, newest first. */
  messages: '/messages',
  /** GET: InboxCountsStruct, how many messages each state filter holds (the navigation's unread count, the filter's counts). */
  counts: '/messages/counts',
  /** GET ?InboxQuery (without cursor): every message of the filter as CSV, streamed. */
  exportCsv: '/messages/export.csv',
  /** GET: one message, whole, as MessageAnswerStruct. Does not mark it read (the console sends `read` on opening). */
  message: '/messages/:id',
  /** GET (a session's download): an attachment, `Content-Disposition: attachment`. */
  attachment: '/messages/:id/attachments/:fileId',
  /** POST ReadBody: marks read or unread. */
  read: '/messages/:id/read',
  /** POST SpamBody: marks as spam, or "not spam" (releases it: its mail goes out). */
  spam: '/messages/:id/spam',
  /** POST NoteBody: adds an internal note (who, when); answers the message. */
  notes: '/messages/:id/notes',
  /** POST AnsweredBody: marks as answered (who, when) or not answered. */
  answered: '/messages/:id/answered',
  /** POST {}: the waiting mail tried now; answers RetryAnswerStruct: what happened. */
  retry: '/messages/:id/retry',
  /** POST {} (owner): deletes the message and its files. */
  delete: '/messages/:id/delete',
  /** POST BulkBody: one action on many messages (those chosen, or every message of a filter); answers BulkAnswerStruct. `delete` is an owner's. */
  bulk: '/messages/bulk',
  /** GET: the mail banner's facts. */
  mailHealth: '/mail-health',
} as const;

/**
 * The list's state filter. `inbox`, the default (no `state` in the query): every message but
 * spam. `unanswered`: not spam and not marked as answered, read or not. `all`: spam too.
 */
export const INBOX_STATES = ['inbox', 'new', 'unanswered', 'read', 'spam', 'all'] as const;
export type InboxState = (typeof INBOX_STATES)[number];
/** The state filter when the query names none: spam is left out. */
export const DEFAULT_INBOX_STATE: InboxState = 'inbox';
/** Messages per page. */
export const INBOX_PAGE_SIZE = 50;
/** The longest search the inbox takes. */
export const SEARCH_MAX = 200;

const isoDate = pattern(string(), /^\d{4}-\d{2}-\d{2}$/);

/** The list's query string: every field optional; dates are the company's days (SITE_TIMEZONE), inclusive. */
export const InboxQueryStruct = object({
  form: optional(size(string(), 1, 100)),
  state: optional(enums(INBOX_STATES)),
  from: optional(isoDate),
  to: optional(isoDate),
  q: optional(size(string(), 0, SEARCH_MAX)),
  cursor: optional(size(string(), 1, 200)),
  /** The export only: these messages (ids separated by commas), within the filter. */
  ids: exportIdsParam,
});
export type InboxQuery = Infer<typeof InboxQueryStruct>;

/**
 * What can be done to many messages at once (README.md, "The inbox"): the one-message actions,
 * and delete (an owner's). `not-spam` releases each message, as "Not spam" on one does.
 */
export const BULK_MESSAGE_ACTIONS = ['read', 'unread', 'answered', 'unanswered', 'spam', 'not-spam', 'delete'] as const;
export type BulkMessageAction = (typeof BULK_MESSAGE_ACTIONS)[number];
/** The messages an action is on: those chosen by id, or every message of the filter (its query, without cursor or ids). */
export const BulkSelectionStruct = union([
  BulkIdsStruct,
  object({ filter: object({ form: optional(size(string(), 1, 100)), state: optional(enums(INBOX_STATES)), from: optional(isoDate), to: optional(isoDate), q: optional(size(string(), 0, SEARCH_MAX)) }) }),
]);
export type BulkSelection = Infer<typeof BulkSelectionStruct>;
export const BulkBodyStruct = object({ action: enums(BULK_MESSAGE_ACTIONS), selection: BulkSelectionStruct });
export const BulkAnswerStruct = bulkAnswerStruct(BULK_MESSAGE_ACTIONS);
export type BulkAnswer = Infer<typeof BulkAnswerStruct>;

/**
 * How many messages each state filter holds, over the whole inbox, and the newest message that
 * is not spam (its id; null for none): the console asks every INBOX_WATCH_INTERVAL_MS, and a
 * newer one is a message that arrived while it was open.
 */
export const InboxCountsStruct = object({
  counts: object({ inbox: number(), new: number(), unanswered: number(), read: number(), spam: number(), all: number() }),
  newest: nullable(number()),
});
export type InboxCounts = Infer<typeof InboxCountsStruct>;

/** The inbox's own refusals (the shared ones are CONSOLE_REFUSAL). */
export const INBOX_ERROR = {
  /** 400: a query parameter is wrong (`data.field` names it). */
  invalidQuery: 'inbox_invalid_query',
  /** 409: "try again now" on a message whose mail is sent or has none. */
  nothingToRetry: 'inbox_nothing_to_retry',
  /** 409: "not spam" on a message that is not spam. */
  notSpam: 'inbox_not_spam',
  /** 400: a bulk action on more than BULK_MAX messages (`data.field` is `selection`). */
  tooMany: 'inbox_bulk_too_many',
} as const;

/** Where a message's mail is: no mail (spam), waiting, sent, or given up after its retries. */
export const DELIVERY_STATES = ['none', 'queued', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const FormRefStruct = object({ id: string(), title: string() });
export type FormRef = Infer<typeof FormRefStruct>;

export const MessageSummaryStruct = object({
  id: number(),
  form: FormRefStruct,
  receivedAt: string(),
  name: string(),
  email: string(),
  subject: string(),
  excerpt: string(),
  read: boolean(),
  spam: boolean(),
  spamReason: nullable(string()),
  delivery: enums(DELIVERY_STATES),
  attachments: number(),
});
export type MessageSummary = Infer<typeof MessageSummaryStruct>;

export const InboxPageStruct = object({
  messages: array(MessageSummaryStruct),
  /** The next page's cursor; null on the last page. */
  next: nullable(string()),
  /** Every form the inbox knows, for the form filter. */
  forms: array(FormRefStruct),
});
export type InboxPage = Infer<typeof InboxPageStruct>;

/** The parts of a message a form's fields can be: who sent it, how to reach them, what it says. */
export const MESSAGE_FIELD_PARTS = ['name', 'email', 'company', 'subject', 'message', 'phone'] as const;
export type MessageFieldPart = (typeof MESSAGE_FIELD_PARTS)[number];

/**
 * One posted field with its label on the form; `agreement`, for an agreement box (CF7's
 * acceptance), holds the words the person agreed to, and its value is "1" when ticked.
 */
export const MessageFieldStruct = object({
  name: string(),
  label: string(),
  value: string(),
  agreement: optional(string()),
  /** What the form's definition makes this field (server/submissions/message-forms.ts): the console links an e-mail and a phone number for a reply. */
  part: optional(enums(MESSAGE_FIELD_PARTS)),
});
export type MessageField = Infer<typeof MessageFieldStruct>;
export const AttachmentStruct = object({ id: number(), field: string(), name: string(), mediaType: string(), size: number(), url: string() });
export const DeliveryStruct = object({
  state: enums(DELIVERY_STATES),
  attempts: number(),
  queuedAt: nullable(string()),
  sentAt: nullable(string()),
  nextAttemptAt: nullable(string()),
  lastError: nullable(string()),
});
export type Delivery = Infer<typeof DeliveryStruct>;

export const MessageStruct = object({
  id: number(),
  form: FormRefStruct,
  receivedAt: string(),
  /** The page it was sent from (its URL), or null. */
  page: nullable(string()),
  fields: array(MessageFieldStruct),
  attachments: array(AttachmentStruct),
  read: boolean(),
  spam: boolean(),
  spamReason: nullable(string()),
  delivery: DeliveryStruct,
  /** Internal notes, oldest first: when, by whom, what. */
  notes: array(object({ id: number(), at: string(), by: string(), text: string() })),
  /** Marked as answered: when, and by whom (their console address); null when not. */
  answered: nullable(object({ at: string(), by: string() })),
});
export type Message = Infer<typeof MessageStruct>;

export const ReadBodyStruct = object({ read: boolean() });
export const SpamBodyStruct = object({ spam: boolean() });
export const AnsweredBodyStruct = object({ answered: boolean() });
/** The longest internal note. */
export const NOTE_MAX = 2000;
export const NoteBodyStruct = object({ text: size(string(), 1, NOTE_MAX) });
/** What an action answers: the message as it is now. */
export const MessageAnswerStruct = object({ message: MessageStruct });

/** How long "Try again now" waits for the mail server's answer before saying the mail is still being tried: within the console's 30 s for a request. */
export const MAIL_RETRY_WAIT_SECONDS = 20;

/**
 * What "Try again now" did (README.md, "Mail health"): the message's mail went out (the mail
 * server accepted all of it); or an attempt failed (the server's answer; `held` when it was
 * given up on again, `delivered` the message's other mail that went); or nothing could be tried:
 * mail is not set up (SMTP_URL), or the company's copy has no recipient (MAIL_TO); or no answer
 * came within MAIL_RETRY_WAIT_SECONDS (it is still being tried).
 */
export const MailRetryStruct = union([
  object({ outcome: literal('delivered'), delivered: number() }),
  object({ outcome: literal('failed'), delivered: number(), reason: enums(MAIL_FAILURE_KINDS), smtpAnswer: string(), held: boolean(), nextAttemptAt: nullable(string()) }),
  object({ outcome: literal('notConfigured'), variable: literal('SMTP_URL') }),
  object({ outcome: literal('noCompanyAddress'), variable: literal('MAIL_TO') }),
  object({ outcome: literal('stillTrying') }),
]);
export type MailRetry = Infer<typeof MailRetryStruct>;
export type MailRetryOutcome = MailRetry['outcome'];
export const RetryAnswerStruct = object({ message: MessageStruct, retry: MailRetryStruct });
export type RetryAnswer = Infer<typeof RetryAnswerStruct>;
