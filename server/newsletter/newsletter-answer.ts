import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import { newsletterNotice, type NewsletterNotice, type NewsletterStatus } from '../../src/validation/newsletter/index.ts';
import { httpErrors, type RestError } from '../http/rest-error.ts';

/*
 * The Brevo plugin's answer to a sign-up POST, `{status, msg, redirect, turnstileCaptcha}`, its
 * notice in `msg` where the plugin's script reads it (`newsletterNotice`: `{successMsg}`,
 * `{errorMsg}`, `{existMsg}`, `{invalidMsg}`, or a string for the captcha statuses). Every
 * outcome of a subscription is HTTP 200 with its status; a request that is not a subscription
 * at all (expired nonce, unknown form, wrong media type, too large, too many) gets the same
 * shape with status `failure`, a `code` and a 4xx, so the browser can always show the notice.
 */

export interface NewsletterAnswer {
  status: NewsletterStatus;
  msg: NewsletterNotice;
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
  return { status, msg: newsletterNotice(status, form.messages[MESSAGE_OF[status]]), redirect, turnstileCaptcha: false };
}

/*
 * Requests that are not a subscription: thrown by the route as the shared RestError, answered
 * by its error handler in the plugin's shape (`failureAnswer`). Brevo's codes over the shared
 * factories (server/http/rest-error.ts).
 */
export const INVALID_NONCE_MESSAGE = 'This form has expired. Reload the page and try again.';

export const INVALID_NONCE_CODE = 'sib_invalid_nonce';
export const invalidNonce = () => httpErrors.forbidden(INVALID_NONCE_CODE, INVALID_NONCE_MESSAGE);
export const formNotFound = () => httpErrors.notFound('sib_form_not_found', 'This newsletter form does not exist.');
export const badRequest = (why: string) => httpErrors.badRequest('sib_bad_request', why);
export const unsupportedMediaType = () =>
  httpErrors.unsupportedMediaType('sib_unsupported_media_type', 'Send the form as application/x-www-form-urlencoded or multipart/form-data.');
export const payloadTooLarge = (why: string) => httpErrors.payloadTooLarge('sib_payload_too_large', why);

/** What NEWSLETTER_RATE_LIMIT answers. */
export const NEWSLETTER_RATE_LIMITED = { code: 'sib_rate_limited', what: 'sign-ups' } as const;

/** The plugin's answer to a request that is not a subscription. */
export function failureAnswer(error: RestError): NewsletterAnswer {
  return { status: 'failure', msg: newsletterNotice('failure', error.message), redirect: '', turnstileCaptcha: false, code: error.code };
}
