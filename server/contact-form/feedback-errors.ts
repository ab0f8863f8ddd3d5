import { RestError } from '../http/rest-error.ts';

/*
 * The JSON errors of POST …/feedback that are not submission outcomes: the request itself is
 * unacceptable, so it gets a 4xx with a WordPress-style body instead of a status answer.
 */

export const unsupportedMediaType = () =>
  new RestError(415, 'wpcf7_unsupported_media_type', 'The request payload format is not supported.');

export const formNotFound = () =>
  new RestError(404, 'wpcf7_not_found', 'The requested contact form was not found.');

export const requestTooLarge = (limit: number) =>
  new RestError(413, 'wpcf7_request_too_large', 'The submission is larger than this form accepts.', { limit });

export const tooManyFiles = (limit: number) =>
  new RestError(413, 'wpcf7_too_many_files', 'More files were uploaded than this form has file fields.', { limit });

export const tooManyFields = (limit: number) =>
  new RestError(413, 'wpcf7_too_many_fields', 'The submission has more fields than this form accepts.', { limit });

export const tooManyParts = (limit: number) =>
  new RestError(413, 'wpcf7_too_many_parts', 'The submission has more parts than this form accepts.', { limit });

export const fieldTooLarge = (field: string, limit: number) =>
  new RestError(413, 'wpcf7_field_too_large', `The value of ${field} is longer than any field accepts.`, { field, limit });

export const malformedMultipart = () =>
  new RestError(400, 'wpcf7_invalid_multipart', 'The multipart body could not be read.');

export const rateLimited = (retryAfterSeconds: number) =>
  new RestError(
    429,
    'rest_rate_limited',
    `Too many submissions from your address. Please try again in ${retryAfterSeconds} seconds.`,
    { retry_after: retryAfterSeconds },
  );
