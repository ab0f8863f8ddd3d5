import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  NEWSLETTER_FIELD,
  NEWSLETTER_FORM_ACTION,
  checkNewsletter,
  listsToJoin,
  readNewsletterValues,
  type NewsletterProblem,
  type NewsletterStatus,
} from '../../src/validation/newsletter/index.ts';
import { verifyRecaptcha } from '../contact-form/recaptcha.ts';
import { siteHostnameOf } from '../http/site-url.ts';
import { fieldValue, formFieldsOf, isFormMediaType, registerFormBodyParsers } from '../http/form-fields.ts';
import { perAddressLimit } from '../http/rate-limit.ts';
import { RestError } from '../http/rest-error.ts';
import { newsletterAnswerSchema } from '../http/route-schemas.ts';
import {
  NEWSLETTER_RATE_LIMITED,
  badRequest,
  formNotFound,
  invalidNonce,
  newsletterAnswer,
  failureAnswer,
  payloadTooLarge,
  unsupportedMediaType,
  type NewsletterAnswer,
} from '../newsletter/newsletter-answer.ts';
import { consentOriginOf } from '../newsletter/consent-origin.ts';
import { NEWSLETTER_RECAPTCHA_ACTION, SUBSCRIBE_NONCE_ACTION } from '../newsletter/newsletter-forms.ts';
import { NEWSLETTER_BODY_LIMIT, checkFieldCounts, hasOverlongValue } from '../newsletter/posted-fields.ts';
import { subscribe } from '../newsletter/subscribe.ts';

/**
 * `POST <form action>` (`/newsletter/subscribe/`): a sign-up from a Brevo-style newsletter form,
 * answered with the plugin's `{status, msg, redirect, turnstileCaptcha}` (newsletter-answer.ts).
 * Checks, in order: the per-address limit, the media type and size, the form action and id, the
 * nonce (`security`, action sib_subscribe), the length of every value, reCAPTCHA when
 * configured, then the form's own rules (shared with the browser); then the subscriber is
 * stored (subscribe.ts).
 * Encapsulated: the body parsers, the limit and the error answers apply to these routes alone.
 */
export default async function newsletterSubscribeRoutes(app: FastifyInstance): Promise<void> {
  registerFormBodyParsers(app, NEWSLETTER_BODY_LIMIT);
  app.setErrorHandler(function newsletterErrors(error: FastifyError | RestError, _request, reply) {
    const answerable = toRestError(error);
    if (answerable === null) throw error;
    const retryAfter = answerable.data.retry_after;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.code(answerable.statusCode).header('cache-control', 'no-store').send(failureAnswer(answerable));
  });
  const limited = await perAddressLimit(app, app.config.newsletterRateLimit, NEWSLETTER_RATE_LIMITED);

  const paths = [...new Set(app.newsletterForms.all().map((form) => form.action))];
  for (const path of paths) {
    app.post(
      path,
      {
        config: limited,
        bodyLimit: NEWSLETTER_BODY_LIMIT,
        // The body is a form, read field by field with the rules the browser uses.
        schema: { response: Object.fromEntries([200, 400, 403, 404, 413, 415, 429].map((status) => [status, newsletterAnswerSchema])) },
        // A few hundred bytes of JSON: not worth compressing.
        compress: false,
        onRequest: async (request) => {
          if (!isFormMediaType(request.headers['content-type'])) throw unsupportedMediaType();
        },
      },
      (request, reply) => handleSubscribe(app, path, request, reply),
    );
  }
}

async function handleSubscribe(app: FastifyInstance, path: string, request: FastifyRequest, reply: FastifyReply): Promise<NewsletterAnswer> {
  const fields = formFieldsOf(request.body);
  if (fields === null) throw badRequest('The form data could not be read.');
  checkFieldCounts(fields);
  if (fieldValue(fields, NEWSLETTER_FIELD.action) !== NEWSLETTER_FORM_ACTION) {
    throw badRequest(`${NEWSLETTER_FIELD.action} must be ${NEWSLETTER_FORM_ACTION}.`);
  }
  const idText = fieldValue(fields, NEWSLETTER_FIELD.formId);
  const form = /^[1-9][0-9]{0,6}$/.test(idText) ? app.newsletterForms.find(Number(idText)) : undefined;
  if (form === undefined || form.action !== path) throw formNotFound();
  if (app.nonces.verify(fieldValue(fields, NEWSLETTER_FIELD.security), SUBSCRIBE_NONCE_ACTION) === false) throw invalidNonce();

  reply.header('cache-control', 'no-store');
  const answer = (status: NewsletterStatus) => newsletterAnswer(form, status);
  if (hasOverlongValue(fields)) return answer('failure');

  const { config } = app;
  if (form.recaptcha && config.recaptchaSecret !== null) {
    const token = fieldValue(fields, NEWSLETTER_FIELD.recaptcha);
    if (token.trim() === '') return answer('gcaptchaEmpty');
    const verdict = await verifyRecaptcha({
      verifyUrl: config.recaptchaVerifyUrl,
      secret: config.recaptchaSecret,
      token,
      remoteIp: request.ip,
      hostname: siteHostnameOf(app),
      action: NEWSLETTER_RECAPTCHA_ACTION,
    });
    if (!verdict.human) {
      request.log.info({ form: form.id, reason: verdict.reason }, 'newsletter sign-up refused by reCAPTCHA');
      return answer('gcaptchaFail');
    }
  }

  const values = readNewsletterValues(form, fields);
  const problems = checkNewsletter(form, values);
  if (problems.length > 0) return answer(statusOfProblems(problems));

  try {
    const result = await subscribe(
      { db: app.db, secrets: app.secrets, siteUrl: config.siteUrl, now: app.clock },
      {
        form,
        values,
        lists: listsToJoin(form, values),
        ...consentOriginOf(app, request),
      },
    );
    if (result.mailQueued) app.outbox.queued();
    request.log.info({ form: form.id, outcome: result.outcome }, 'newsletter sign-up');
    // The same answer for a new and a known address: the form tells no one who is subscribed.
    return answer('success');
  } catch (error) {
    // Storage failed: nothing was committed, the visitor may simply try again.
    request.log.error({ err: error, form: form.id }, 'newsletter sign-up could not be stored');
    return answer('failure');
  }
}

/** `invalid` is the plugin's answer to a malformed address, SMS number or date; anything else is `failure`. */
function statusOfProblems(problems: readonly NewsletterProblem[]): NewsletterStatus {
  const formatOnly = problems.every((problem) => ['invalidEmail', 'invalidSms', 'invalidDate'].includes(problem.kind));
  return formatOnly ? 'invalid' : 'failure';
}

/** Errors that get the newsletter's JSON answer; null for the app's error handler. */
function toRestError(error: FastifyError | RestError): RestError | null {
  if (error instanceof RestError) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return payloadTooLarge(`The form is larger than ${NEWSLETTER_BODY_LIMIT} bytes.`);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType();
  return null;
}
