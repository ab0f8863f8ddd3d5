// What every console route shares, written once for the console's browser code
// (src/services/*/ clients) and the server (server/console-access/console-guard.ts): where the
// API lives, the error codes of its refusals and the shape of an error. Browser-safe.
import { literal, number, object, optional, record, string, type, unknown, type Infer } from 'superstruct';

/** The console's pages. */
export const CONSOLE_PATH = '/admin/';
/** The console's API; every answer is `Cache-Control: no-store`. */
export const CONSOLE_API = '/admin/api';

/** The refusals every console route may answer, before its own checks. */
export const CONSOLE_REFUSAL = {
  /** 401: no session cookie, or one the server does not know (ended, never made). */
  sessionRequired: 'console_session_required',
  /** 401: the session was idle 30 minutes or is 12 hours old. */
  sessionExpired: 'console_session_expired',
  /** 403: the person's role may not do this. */
  wrongRole: 'console_forbidden_role',
  /** 403: the request came from another origin than SITE_URL's. */
  crossOrigin: 'console_cross_origin',
  /** 415: a state-changing request without a JSON body. */
  notJson: 'console_json_required',
  /** 415: an upload that is not multipart/form-data. */
  notMultipart: 'console_multipart_required',
  /** 400: the JSON body is not what the route takes (`data.field` names the first wrong field). */
  invalidBody: 'console_invalid_body',
  /** 429: too many attempts (sign-in ceremonies). */
  rateLimited: 'console_rate_limited',
  /** 404: no such thing (message, person, attachment). */
  notFound: 'console_not_found',
} as const;

export type ConsoleRefusalCode = (typeof CONSOLE_REFUSAL)[keyof typeof CONSOLE_REFUSAL];

/** Every console error: the REST error shape of the public API. */
export const ConsoleErrorStruct = type({
  code: string(),
  message: string(),
  data: type({ status: number(), field: optional(string()) }),
});
export type ConsoleError = Infer<typeof ConsoleErrorStruct>;

/** An empty JSON object: the body of an action that takes no arguments. */
export const EmptyBodyStruct = object({});
export const OkAnswerStruct = object({ ok: literal(true) });
export type OkAnswer = Infer<typeof OkAnswerStruct>;

/** A JSON object of details (audit entries). */
export const DetailStruct = record(string(), unknown());

/** What the audit log records: every console feature writes its actions here. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'sign-out-everywhere',
  'passkey-added',
  'passkey-removed',
  'invitation',
  'revocation',
  'export',
  'spam-release',
  'spam-mark',
  'deletion',
  'mail-retry',
  'message-answered',
  'message-note',
  'messages-bulk',
  'subscribers-bulk',
  'subscriber-unsubscribe',
  'confirmation-resend',
  'access-export',
  'erasure',
  'content-publish',
  'content-restore',
  'content-settings',
  'content-schedule',
  'content-schedule-cancel',
  'media-upload',
  'media-delete',
  'backup-run',
  'backup-copy',
  'backup-download',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
