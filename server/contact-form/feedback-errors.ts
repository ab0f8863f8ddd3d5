import { httpErrors } from '../http/rest-error.ts';

/*
 * The JSON errors of POST …/feedback that are not submission outcomes: the request itself is
 * unacceptable, so it gets a 4xx with a WordPress-style body instead of a status answer.
 * Contact Form 7's codes over the shared factories (server/http/rest-error.ts).
 */

export const unsupportedMediaType = () => httpErrors.unsupportedMediaType('wpcf7_unsupported_media_type', 'The request payload format is not supported.');

export const formNotFound = () => httpErrors.notFound('wpcf7_not_found', 'The requested contact form was not found.');

export const requestTooLarge = (limit: number) =>
  httpErrors.payloadTooLarge('wpcf7_request_too_large', 'The submission is larger than this form accepts.', { limit });

export const tooManyFiles = (limit: number) =>
  httpErrors.payloadTooLarge('wpcf7_too_many_files', 'More files were uploaded than this form has file fields.', { limit });

export const tooManyFields = (limit: number) =>
  httpErrors.payloadTooLarge('wpcf7_too_many_fields', 'The submission has more fields than this form accepts.', { limit });

export const tooManyParts = (limit: number) =>
  httpErrors.payloadTooLarge('wpcf7_too_many_parts', 'The submission has more parts than this form accepts.', { limit });

export const fieldTooLarge = (field: string, limit: number) =>
  httpErrors.payloadTooLarge('wpcf7_field_too_large', `The value of ${field} is longer than any field accepts.`, { field, limit });

/** UPLOAD_DIR could not take a file (full, read-only, failing): the server's fault; `cause` is logged, never answered. */
export const uploadStorageFailed = (cause: unknown) =>
  httpErrors.serviceUnavailable(
    'wpcf7_upload_storage_failed',
    'The file could not be stored on the server. Please try again later, or send the message without it.',
    cause,
  );

export const malformedMultipart = () => httpErrors.badRequest('wpcf7_invalid_multipart', 'The multipart body could not be read.');

/** What FEEDBACK_RATE_LIMIT answers. */
export const FEEDBACK_RATE_LIMITED = { code: 'rest_rate_limited', what: 'submissions' } as const;
