// The console's subscribers protocol (README.md, "The console"), written once for the browser
// (services/newsletter/) and the server (server/newsletter/subscribers.route.ts): the list with
// its filters and pages, one subscriber with their consent history, the owner's two actions and
// the two exports. Browser-safe. Routes are below CONSOLE_API (validation/console/console-api.ts).
import { array, boolean, enums, nullable, number, object, optional, pattern, record, size, string, union, type Infer } from 'superstruct';
import { BulkIdsStruct, bulkAnswerStruct, exportIdsParam } from '../shared/bulk-action.protocol.ts';
import { MailDeliveryStruct } from '../shared/mail-health.protocol.ts';

/** Routes below CONSOLE_API. `:id` is a path parameter. */
export const SUBSCRIBERS_ROUTE = {
  /** GET ?SubscribersQuery: a page of subscribers, newest first, with the counts per status. */
  subscribers: '/subscribers',
  /** GET ?SubscribersQuery (without page), owner: every subscriber of the filter, formula-safe CSV. */
  exportSpreadsheet: '/subscribers/export.csv',
  /** GET ?SubscribersQuery (without status and page), owner: the subscribed people of the filter in Brevo's import columns. */
  exportMailingService: '/subscribers/export-brevo.csv',
  /** GET: one subscriber with their whole consent history. */
  subscriber: '/subscribers/:id',
  /** POST {} (owner): the confirmation mail of the waiting sign-up or change again. */
  resend: '/subscribers/:id/resend-confirmation',
  /** POST UnsubscribeBody (owner): unsubscribes at the person's request. */
  unsubscribe: '/subscribers/:id/unsubscribe',
  /** POST SubscribersBulkBody (owner): one action on many subscribers (those chosen, or every subscriber of a filter); answers SubscribersBulkAnswerStruct. */
  bulk: '/subscribers/bulk',
} as const;

export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATUSES)[number];
/** Each status in the owner's words: the console's pages and the spreadsheet export say the same. */
export const SUBSCRIBER_STATUS_WORDS: Record<SubscriberState, string> = {
  pending: 'Waiting for confirmation',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};
/** Subscribers per page. */
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** The longest address search the list takes. */
export const SUBSCRIBER_SEARCH_MAX = 200;
/** The longest note an unsubscribe takes. */
export const UNSUBSCRIBE_NOTE_MAX = 500;

/** The list's query string: every field optional; `q` is part of an address, `page` counts from 1. */
export const SubscribersQueryStruct = object({
  status: optional(enums(SUBSCRIBER_STATUSES)),
  list: optional(pattern(string(), /^[1-9]\d{0,6}$/)),
  q: optional(size(string(), 0, SUBSCRIBER_SEARCH_MAX)),
  page: optional(pattern(string(), /^[1-9]\d{0,5}$/)),
  /** The exports only: these subscribers (ids separated by commas), within the filter. */
  ids: exportIdsParam,
});
export type SubscribersQuery = Infer<typeof SubscribersQueryStruct>;

/** The subscribers' own refusals (the shared ones are CONSOLE_REFUSAL). */
export const SUBSCRIBERS_ERROR = {
  /** 400: a query parameter is wrong (`data.field` names it). */
  invalidQuery: 'subscribers_invalid_query',
  /** 409: resend for a subscriber with no sign-up or change waiting for confirmation. */
  nothingToConfirm: 'subscribers_nothing_to_confirm',
  /** 409: the waiting change's form has no confirmation mail (no double opt-in) any more. */
  noConfirmationMail: 'subscribers_no_confirmation_mail',
  /** 429: a confirmation mail went to this address less than 10 minutes ago. */
  resentTooSoon: 'subscribers_resent_too_soon',
  /** 429: the mailbox's or the domain's share of confirmation mail is spent (the sign-up form's abuse limits). */
  mailLimited: 'subscribers_mail_limited',
  /** 409: unsubscribe for someone already unsubscribed. */
  alreadyUnsubscribed: 'subscribers_already_unsubscribed',
  /** 400: a bulk action on more than BULK_MAX subscribers (`data.field` is `selection`). */
  tooMany: 'subscribers_bulk_too_many',
} as const;

export const NewsletterListStruct = object({ id: number(), label: string() });
export type NewsletterListRef = Infer<typeof NewsletterListStruct>;

/** Where a subscriber signed up: a newsletter form's id and title (the title '' when the form is gone). */
export const SubscriberFormStruct = object({ id: number(), title: string() });

export const ConsentSummaryStruct = object({ wording: string(), at: string(), form: nullable(SubscriberFormStruct) });
export type ConsentSummary = Infer<typeof ConsentSummaryStruct>;

export const SubscriberSummaryStruct = object({
  id: number(),
  email: string(),
  status: enums(SUBSCRIBER_STATUSES),
  lists: array(NewsletterListStruct),
  sms: nullable(string()),
  form: SubscriberFormStruct,
  createdAt: string(),
  confirmedAt: nullable(string()),
  unsubscribedAt: nullable(string()),
  /** The latest sign-up's consent: the exact words, when, on which form. */
  consent: nullable(ConsentSummaryStruct),
  /** A later sign-up waiting for the mailbox's confirmation. */
  changePending: boolean(),
});
export type SubscriberSummary = Infer<typeof SubscriberSummaryStruct>;

export const StatusCountsStruct = object({ pending: number(), subscribed: number(), unsubscribed: number() });
export type StatusCounts = Infer<typeof StatusCountsStruct>;

export const SubscribersPageStruct = object({
  subscribers: array(SubscriberSummaryStruct),
  /** This page (from 1) and how many pages the filter has (at least 1). */
  page: number(),
  pages: number(),
  /** How many of the list and search filter are in each status (the status filter aside). */
  counts: StatusCountsStruct,
  /** Every list the newsletter forms offer, for the list filter. */
  lists: array(NewsletterListStruct),
});
export type SubscribersPage = Infer<typeof SubscribersPageStruct>;

export const CONSENT_ACTIONS = ['subscribe', 'confirm', 'unsubscribe'] as const;
export const ConsentEntryStruct = object({
  action: enums(CONSENT_ACTIONS),
  /** The exact words agreed to, or how the person left. */
  wording: string(),
  at: string(),
  form: nullable(SubscriberFormStruct),
  lists: array(NewsletterListStruct),
});
export type ConsentEntry = Infer<typeof ConsentEntryStruct>;

/**
 * The sign-up or change waiting for the mailbox's confirmation, and its confirmation mail's
 * delivery: "sent" only once the mail server accepted it (README.md, "Mail health"); null when
 * no confirmation mail was queued.
 */
export const PendingChangeStruct = object({ lists: array(NewsletterListStruct), form: SubscriberFormStruct, confirmationMail: nullable(MailDeliveryStruct) });

export const SubscriberStruct = object({
  id: number(),
  email: string(),
  status: enums(SUBSCRIBER_STATUSES),
  lists: array(NewsletterListStruct),
  sms: nullable(string()),
  /** Text and date attributes by Brevo name (dates yyyy-mm-dd). */
  attributes: record(string(), string()),
  /** Each attribute's label on the sign-up form, by Brevo name (absent: no form names it any more). */
  attributeLabels: record(string(), string()),
  form: SubscriberFormStruct,
  createdAt: string(),
  updatedAt: string(),
  confirmedAt: nullable(string()),
  unsubscribedAt: nullable(string()),
  pendingChange: nullable(PendingChangeStruct),
  /** Oldest first. */
  consents: array(ConsentEntryStruct),
  /**
   * The sync to Brevo: `connected` false when the server has no BREVO_API_KEY (nothing is ever
   * synced, README.md "The newsletter service (Brevo)"); then when it last synced and its error.
   */
  brevo: object({ connected: boolean(), syncedAt: nullable(string()), error: nullable(string()) }),
});
export type Subscriber = Infer<typeof SubscriberStruct>;

/** What the detail and each action answer: the subscriber as they are now. */
export const SubscriberAnswerStruct = object({ subscriber: SubscriberStruct });
export type SubscriberAnswer = Infer<typeof SubscriberAnswerStruct>;

const unsubscribeNote = size(pattern(string(), /\S/), 1, UNSUBSCRIBE_NOTE_MAX);
export const UnsubscribeBodyStruct = object({ note: unsubscribeNote });
export type UnsubscribeBody = Infer<typeof UnsubscribeBodyStruct>;

/**
 * What can be done to many subscribers at once (README.md, "The console": subscribers): an
 * unsubscribe at their request, with one note for all, as on one subscriber's page.
 */
export const BULK_SUBSCRIBER_ACTIONS = ['unsubscribe'] as const;
export type BulkSubscriberAction = (typeof BULK_SUBSCRIBER_ACTIONS)[number];
/** The subscribers an action is on: those chosen by id, or every subscriber of the filter (its query, without page or ids). */
export const SubscribersBulkSelectionStruct = union([
  BulkIdsStruct,
  object({ filter: object({ status: optional(enums(SUBSCRIBER_STATUSES)), list: optional(pattern(string(), /^[1-9]\d{0,6}$/)), q: optional(size(string(), 0, SUBSCRIBER_SEARCH_MAX)) }) }),
]);
export type SubscribersBulkSelection = Infer<typeof SubscribersBulkSelectionStruct>;
export const SubscribersBulkBodyStruct = object({ action: enums(BULK_SUBSCRIBER_ACTIONS), selection: SubscribersBulkSelectionStruct, note: unsubscribeNote });
export const SubscribersBulkAnswerStruct = bulkAnswerStruct(BULK_SUBSCRIBER_ACTIONS);
export type SubscribersBulkAnswer = Infer<typeof SubscribersBulkAnswerStruct>;

/** The consent record's words for an owner's unsubscribe. */
export function ownerUnsubscribeWording(note: string): string {
  return `Unsubscribed by the owner at the person's request: ${note.trim()}`;
}
