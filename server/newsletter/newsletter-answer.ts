import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';

/*
 * The Brevo plugin's answer to a sign-up POST, `{status, msg, redirect, turnstileCaptcha}`.
 * Every outcome of a subscription is HTTP 200 with its status; a request that is not a
 * subscription at all (expired nonce, unknown form, wrong media type, too large, too many)
 * gets the same shape with status `failure`, a `code` and a 4xx, so the browser can always
 * show `msg`.
 */

export type NewsletterStatus = 'success' | 'update' | 'already_exist' | 'invalid' | 'failure' | 'gcaptchaEmpty' | 'gcaptchaFail';

export interface NewsletterAnswer {
  status: NewsletterStatus;
  msg: string;
  /** The form's redirect path after success or update; '' otherwise. */
  redirect: string;
  /** Always false: this site has no Cloudflare Turnstile. */
  turnstileCaptcha: false;
  code?: string;
}

const MESSAGE_OF: Record<NewsletterStatus, keyof NewsletterForm['messages']> = {
  success: 'success',
  update: 'success',
  already_exist: 'alreadyExist',
  invalid: 'invalid',
  failure: 'failure',
  gcaptchaEmpty: 'captchaEmpty',
  gcaptchaFail: 'captchaFail',
};

export function newsletterAnswer(form: NewsletterForm, status: NewsletterStatus): NewsletterAnswer {
  const redirect = (status === 'success' || status === 'update') && form.redirect !== undefined ? form.redirect : '';
  return { status, msg: form.messages[MESSAGE_OF[status]], redirect, turnstileCaptcha: false };
}

/** A request that is not a subscription: thrown by the route, answered by its error handler. */
export class NewsletterError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'NewsletterError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }

  toAnswer(): NewsletterAnswer {
    return { status: 'failure', msg: this.message, redirect: '', turnstileCaptcha: false, code: this.code };
  }
}

export const INVALID_NONCE_MESSAGE = 'This form has expired. Reload the page and try again.';

export const invalidNonce = () => new NewsletterError(403, 'sib_invalid_nonce', INVALID_NONCE_MESSAGE);
export const formNotFound = () => new NewsletterError(404, 'sib_form_not_found', 'This newsletter form does not exist.');
export const badRequest = (why: string) => new NewsletterError(400, 'sib_bad_request', why);
export const unsupportedMediaType = () =>
  new NewsletterError(415, 'sib_unsupported_media_type', 'Send the form as application/x-www-form-urlencoded or multipart/form-data.');
export const payloadTooLarge = (why: string) => new NewsletterError(413, 'sib_payload_too_large', why);
export const rateLimited = (retryAfterSeconds: number) =>
  new NewsletterError(
    429,
    'sib_rate_limited',
    `Too many sign-ups from your address. Please try again in ${retryAfterSeconds} seconds.`,
    { 'retry-after': String(retryAfterSeconds) },
  );
