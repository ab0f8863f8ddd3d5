import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteHostnameOf } from '../http/site-url.ts';
import { formFieldsOf, isFormMediaType, registerFormBodyParsers } from '../http/form-fields.ts';
import { perAddressLimit } from '../http/rate-limit.ts';
import { serviceErrorOf, type RestError } from '../http/rest-error.ts';
import { newsletterAnswerSchema } from '../http/route-schemas.ts';
import {
  NEWSLETTER_RATE_LIMITED,
  badRequest,
  newsletterAnswer,
  failureAnswer,
  payloadTooLarge,
  unsupportedMediaType,
  type NewsletterAnswer,
} from './newsletter-answer.ts';
import { NEWSLETTER_BODY_LIMIT } from './posted-fields.ts';
import { processSignUp } from './process-sign-up.ts';
import { refuseCrossSite } from '../http/same-origin.ts';
import { nonceBindingOf } from '../security/nonce-cookie.ts';
import { brevoListsOf } from './brevo-sync.ts';

/**
 * `POST <form action>` (`/newsletter/subscribe/`): a sign-up from a Brevo-style newsletter form,
 * answered with the plugin's `{status, msg, redirect, turnstileCaptcha}` (newsletter-answer.ts).
 * The route checks the per-address limit, the media type and size and reads the form; the
 * sign-up itself is newsletter/process-sign-up.ts.
 * Encapsulated: the body parsers, the limit and the error answers apply to these routes alone.
 */
export default async function newsletterSubscribeRoutes(app: FastifyInstance): Promise<void> {
  registerFormBodyParsers(app, NEWSLETTER_BODY_LIMIT);
  app.setErrorHandler(function newsletterErrors(error: FastifyError | RestError, request, reply) {
    const answerable = toRestError(error);
    if (answerable === null) throw error;
    if (answerable.statusCode >= 500) request.log.error({ err: error }, 'request failed');
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
        schema: { response: Object.fromEntries([200, 400, 403, 404, 413, 415, 429, 503].map((status) => [status, newsletterAnswerSchema])) },
        // A few hundred bytes of JSON: not worth compressing.
        compress: false,
        onRequest: [
          refuseCrossSite,
          async (request) => {
            if (!isFormMediaType(request.headers['content-type'])) throw unsupportedMediaType();
          },
        ],
      },
      (request, reply) => handleSubscribe(app, path, request, reply),
    );
  }
}

async function handleSubscribe(app: FastifyInstance, path: string, request: FastifyRequest, reply: FastifyReply): Promise<NewsletterAnswer> {
  const fields = formFieldsOf(request.body);
  if (fields === null) throw badRequest('The form data could not be read.');
  const { config } = app;
  const { form, status } = await processSignUp(
    {
      db: app.db,
      secrets: app.secrets,
      siteUrl: config.siteUrl,
      now: app.clock,
      domainMailLimit: config.newsletterDomainMailLimit,
      brevo: brevoListsOf(config),
      forms: app.newsletterForms,
      nonces: app.nonces,
      recaptcha: { verifyUrl: config.recaptchaVerifyUrl, secret: config.recaptchaSecret },
      hostname: siteHostnameOf(app),
      log: request.log,
      onMailQueued: (channel) => app.outbox.queued(channel),
    },
    { path, fields, request, nonceBinding: nonceBindingOf(request) },
  );
  reply.header('cache-control', 'no-store');
  return newsletterAnswer(form, status);
}

/** Errors that get the newsletter's JSON answer; null for the app's error handler. */
function toRestError(error: FastifyError | RestError): RestError | null {
  const serviceError = serviceErrorOf(error);
  if (serviceError !== null) return serviceError;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return payloadTooLarge(`The form is larger than ${NEWSLETTER_BODY_LIMIT} bytes.`);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType();
  return null;
}
