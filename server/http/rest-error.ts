import { isDatabaseUnavailable } from '../db/database-availability.ts';

/**
 * The body every JSON error has, the WordPress REST API's shape, so browser code written
 * against the plugins keeps reading `code` and `data.status`.
 */
export interface RestErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
}

/**
 * An error a route throws to answer a specific REST error, e.g.
 * `throw new RestError(404, 'wpcf7_not_found', 'The requested contact form was not found.')`.
 * The app's error handler turns it into a RestErrorBody; `data` is merged into `data`.
 */
export class RestError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly data: Record<string, unknown>;

  constructor(statusCode: number, code: string, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.name = 'RestError';
    this.statusCode = statusCode;
    this.code = code;
    this.data = data;
  }

  toBody(): RestErrorBody {
    return restErrorBody(this.statusCode, this.code, this.message, this.data);
  }
}

export function restErrorBody(
  status: number,
  code: string,
  message: string,
  data: Record<string, unknown> = {},
): RestErrorBody {
  // `status` first, as WordPress writes it; the argument cannot override it.
  const rest = { ...data };
  delete rest.status;
  return { code, message, data: { status, ...rest } };
}

/** JSON schema of RestErrorBody, for routes' response schemas. */
export const restErrorSchema = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'integer' } },
      additionalProperties: true,
    },
  },
} as const;

/*
 * The error factories every route uses. Each protocol keeps its own codes (CF7's `wpcf7_…`,
 * Brevo's `sib_…`), passed in; the statuses, messages and data are made in one place. A route
 * whose protocol answers errors in another shape (the newsletter's `{status, msg, …}`) turns
 * these into it in its error handler.
 */
export const httpErrors = {
  badRequest: (code: string, message: string, data?: Record<string, unknown>) => new RestError(400, code, message, data),
  forbidden: (code: string, message: string) => new RestError(403, code, message),
  notFound: (code: string, message: string) => new RestError(404, code, message),
  payloadTooLarge: (code: string, message: string, data?: Record<string, unknown>) => new RestError(413, code, message, data),
  unsupportedMediaType: (code: string, message: string) => new RestError(415, code, message),
  /** The server cannot do it now (a full disk…); `cause` goes to the error log with it, never to the client. */
  serviceUnavailable: (code: string, message: string, cause?: unknown) => Object.assign(new RestError(503, code, message), { cause }),
  /**
   * The database cannot serve now (PostgreSQL hangs or restarts, the disk is full): the server's
   * fault, never the visitor's; `cause` goes to the error log (README.md, "Faults the server survives").
   */
  databaseUnavailable: (cause?: unknown) =>
    Object.assign(new RestError(503, DATABASE_UNAVAILABLE, 'The site cannot store or read data just now. Please try again in a minute.', { retry_after: DATABASE_RETRY_AFTER_SECONDS }), { cause }),
  /** `what` names what was sent too often: "submissions", "sign-ups". */
  rateLimited: (code: string, what: string, retryAfterSeconds: number) =>
    new RestError(429, code, `Too many ${what} from your address. Please try again in ${retryAfterSeconds} seconds.`, {
      retry_after: retryAfterSeconds,
    }),
};

export const DATABASE_UNAVAILABLE = 'database_unavailable';
/** What a 503 `database_unavailable` asks the client to wait (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The RestError an error is answered as when it is not one yet: a database that cannot serve is
 * 503 `database_unavailable` (every route's error handler asks this first); null for the rest.
 */
export function serviceErrorOf(error: unknown): RestError | null {
  if (error instanceof RestError) return error;
  return isDatabaseUnavailable(error) ? httpErrors.databaseUnavailable(error) : null;
}
