// The console inbox's protocol, written once for the browser (services/inbox/) and the server
// (server/inbox/): the list with its filters and cursor, one message, its actions, the export
// and mail health. Browser-safe. Routes are below CONSOLE_API (validation/console/console-api.ts).
import { array, boolean, enums, nullable, number, object, optional, pattern, size, string, type Infer } from 'superstruct';

/** Routes below CONSOLE_API. `:id` and `:fileId` are path parameters. */
export const INBOX_ROUTE = {
  /** GET ?InboxQuery: a page of messages, newest first. */
  messages: '/messages',
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
  /** POST {}: the waiting mail's next attempt now. */
  retry: '/messages/:id/retry',
  /** POST {} (owner): deletes the message and its files. */
  delete: '/messages/:id/delete',
  /** GET: the mail banner's facts. */
  mailHealth: '/mail-health',
} as const;

export const INBOX_STATES = ['new', 'read', 'spam', 'all'] as const;
export type InboxState = (typeof INBOX_STATES)[number];
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
});
export type InboxQuery = Infer<typeof InboxQueryStruct>;

/** The inbox's own refusals (the shared ones are CONSOLE_REFUSAL). */
export const INBOX_ERROR = {
  /** 400: a query parameter is wrong (`data.field` names it). */
  invalidQuery: 'inbox_invalid_query',
  /** 409: "try again now" on a message whose mail is sent or has none. */
  nothingToRetry: 'inbox_nothing_to_retry',
  /** 409: "not spam" on a message that is not spam. */
  notSpam: 'inbox_not_spam',
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

export const MessageFieldStruct = object({ name: string(), label: string(), value: string() });
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
});
export type Message = Infer<typeof MessageStruct>;

export const ReadBodyStruct = object({ read: boolean() });
export const SpamBodyStruct = object({ spam: boolean() });
/** What an action answers: the message as it is now. */
export const MessageAnswerStruct = object({ message: MessageStruct });
