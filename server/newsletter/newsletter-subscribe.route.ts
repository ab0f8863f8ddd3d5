import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEWSLETTER_FIELD, noticeText } from '../../src/validation/newsletter/index.ts';
import { siteHostnameOf, siteOriginOf } from '../http/site-url.ts';
import { fieldValue, formFieldsOf, isFormMediaType, registerFormBodyParsers, type FormFields } from '../http/form-fields.ts';
import { backToFormHref, isFormNavigation } from '../http/form-navigation.ts';
import { siteHead } from '../http/site-page.ts';
import { perAddressLimit } from '../http/rate-limit.ts';
import { serviceErrorOf, type RestError } from '../http/rest-error.ts';
import { newsletterAnswerSchema } from '../http/route-schemas.ts';
import {
  INVALID_NONCE_CODE,
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
import { isSameOriginRequest, refuseCrossSite } from '../http/same-origin.ts';
import { nonceBindingOf } from '../security/nonce-cookie.ts';
import type { NonceService } from '../security/nonce-service.ts';
import { brevoListsOf } from './brevo-sync.ts';
import { SIGNED_UP_PATH, signedUpPage, signedUpPath, signUpProblemPage, signUpRefusalPage, signUpWithoutOriginPage } from './sign-up-page.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';

/**
 * `POST <form action>` (`/newsletter/subscribe/`): a sign-up from a Brevo-style newsletter form,
 * answered with the plugin's `{status, msg, redirect, turnstileCaptcha}` (newsletter-answer.ts).
 * The route checks the per-address limit, the media type and size and reads the form; the
 * sign-up itself is newsletter/process-sign-up.ts.
 * A browser's own POST (a form sent before its code arrived: http/form-navigation.ts) is
 * answered with pages instead (README.md, "The newsletter"; sign-up-page.ts): a sign-up taken
 * with 303 to the form's redirect or `GET /newsletter/signed-up/?form=<id>`, anything else with
 * a page of the notice and what was sent. Such a POST carries no nonce (the page's script
 * fetches it), so it is taken without one when the browser proves it comes from the site's own
 * page (Origin: the CSRF guard the nonce is); scripts get the JSON as before. A browser that
 * sends no Origin never can: it is told so, with the e-mail link, rather than that the form expired.
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
    reply.code(answerable.statusCode).header('cache-control', 'no-store');
    if (isFormNavigation(request)) {
      if (answerable.code === INVALID_NONCE_CODE && isWithoutOrigin(request)) return sendWithoutOriginPage(app, request, reply);
      return sendRefusalPage(app, request, reply, answerable.message);
    }
    return reply.send(failureAnswer(answerable));
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

  // Where a sign-up from a browser's own POST lands (signedUpPath).
  app.get<{ Querystring: { form?: string } }>(SIGNED_UP_PATH, { schema: { querystring: { type: 'object', properties: { form: { type: 'string' } } } } }, async (request, reply) => {
    const id = request.query.form ?? '';
    const form = /^[1-9][0-9]{0,6}$/.test(id) ? app.newsletterForms.find(Number(id)) : undefined;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(signedUpPage(form, await siteHead(app.config.staticRoot)));
  });
}

/**
 * The nonces a sign-up is checked with: for a browser's own POST from the site's own page, an
 * empty nonce passes (the page's script, which fetches one, had not run; the Origin check has
 * done the nonce's job), any other is checked as always.
 */
function noncesFor(app: FastifyInstance, request: FastifyRequest): Pick<NonceService, 'verify'> {
  if (!isFormNavigation(request) || !isSameOriginRequest(siteOriginOf(app), request)) return app.nonces;
  return { verify: (nonce, action, binding) => (nonce === '' ? 1 : app.nonces.verify(nonce, action, binding)) };
}

function formOf(app: FastifyInstance, fields: FormFields | null): NewsletterForm | undefined {
  const id = fields === null ? '' : fieldValue(fields, NEWSLETTER_FIELD.formId);
  return /^[1-9][0-9]{0,6}$/.test(id) ? app.newsletterForms.find(Number(id)) : undefined;
}

/** The way back from a page: the page the form was sent from, at the form; else the form on the home page. */
function backOf(app: FastifyInstance, request: FastifyRequest, form: NewsletterForm | undefined): string {
  const fragment = form === undefined ? '' : `sib-form-${form.id}`;
  return backToFormHref(app, request, fragment === '' ? '/' : `/#${fragment}`, fragment);
}

/** A browser's own POST with no nonce and no Origin: an old browser, which reloading never helps. */
function isWithoutOrigin(request: FastifyRequest): boolean {
  const fields = formFieldsOf(request.body);
  return request.headers.origin === undefined && fields !== null && fieldValue(fields, NEWSLETTER_FIELD.security).trim() === '';
}

async function sendWithoutOriginPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const fields = formFieldsOf(request.body);
  const form = formOf(app, fields);
  const { company, newsletter } = app.liveContent.current;
  const byMail = { email: company.email, label: newsletter.mailto.label, subject: newsletter.mailto.subject };
  const page = signUpWithoutOriginPage(form, fields, byMail, { head: await siteHead(app.config.staticRoot), back: backOf(app, request, form) });
  return reply.type('text/html; charset=utf-8').send(page);
}

async function sendRefusalPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, message: string): Promise<FastifyReply> {
  const fields = formFieldsOf(request.body);
  const form = formOf(app, fields);
  const page = signUpRefusalPage(form, message, fields, { head: await siteHead(app.config.staticRoot), back: backOf(app, request, form) });
  return reply.type('text/html; charset=utf-8').send(page);
}

async function handleSubscribe(app: FastifyInstance, path: string, request: FastifyRequest, reply: FastifyReply): Promise<NewsletterAnswer | FastifyReply> {
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
      nonces: noncesFor(app, request),
      recaptcha: { verifyUrl: config.recaptchaVerifyUrl, secret: config.recaptchaSecret },
      hostname: siteHostnameOf(app),
      log: request.log,
      onMailQueued: (channel) => app.outbox.queued(channel),
    },
    { path, fields, request, nonceBinding: nonceBindingOf(request) },
  );
  reply.header('cache-control', 'no-store');
  const answer = newsletterAnswer(form, status);
  if (!isFormNavigation(request)) return answer;
  if (status === 'success' || status === 'update') return reply.code(303).header('location', signedUpPath(form)).send();
  const page = signUpProblemPage(form, status, noticeText(status, answer.msg) ?? '', fields, { head: await siteHead(config.staticRoot), back: backOf(app, request, form) });
  return reply.type('text/html; charset=utf-8').send(page);
}

/** Errors that get the newsletter's JSON answer; null for the app's error handler. */
function toRestError(error: FastifyError | RestError): RestError | null {
  const serviceError = serviceErrorOf(error);
  if (serviceError !== null) return serviceError;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return payloadTooLarge(`The form is larger than ${NEWSLETTER_BODY_LIMIT} bytes.`);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType();
  return null;
}
