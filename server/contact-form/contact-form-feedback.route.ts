import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANSWER_STATUS, CONTACT_FORM_FIELD } from '../../src/validation/contact-form/index.ts';
import { answerFeedback, type AnsweredFeedback } from './answer-feedback.ts';
import { FEEDBACK_RATE_LIMITED } from './feedback-errors.ts';
import { largestContentLength } from './multipart-limits.ts';
import type { BeforeSendMailHook } from './process-submission.ts';
import { feedbackPage, thankYouPath } from './feedback-page.ts';
import { postedText } from './posted-data.ts';
import { sanitizeUnitTag } from './posted-data-hash.ts';
import { acceptFeedbackRequest, contactFormRoute, feedbackTargetOf } from './request-context.ts';
import { backToFormHref, isFormNavigation } from '../http/form-navigation.ts';
import { formAnswerPage } from '../http/form-answer-page.ts';
import { serviceErrorOf, type RestError } from '../http/rest-error.ts';
import { siteHead } from '../http/site-page.ts';
import { siteOriginOf } from '../http/site-url.ts';
import { perAddressLimit } from '../http/rate-limit.ts';
import { feedbackAnswerSchema, formIdParams, restErrors } from '../http/route-schemas.ts';
import { refuseCrossSite } from '../http/same-origin.ts';

export interface FeedbackRouteOptions {
  beforeSendMail?: readonly BeforeSendMailHook[];
}

/**
 * `POST …/contact-forms/{id}/feedback`: a submission, multipart only, as CF7's REST API.
 * Every outcome is HTTP 200 with a `status`; only a request that is not a submission at all
 * (not multipart, unknown form, beyond the limits, too many from one address) is a 4xx, and a
 * file the disk cannot take a 503 (wpcf7_upload_storage_failed).
 * Encapsulated: the multipart parser and the per-address limit apply to this route alone. The
 * form and its limits are found once, before the body (acceptFeedbackRequest); the body is
 * read and answered by answerFeedback.
 * A browser's own POST (a form sent before its code arrived: http/form-navigation.ts) is
 * answered with a page instead (README.md, "The contact form"): mail_sent with 303 to the
 * thank-you address, any other outcome with the page of feedback-page.ts, a refusal with a
 * page of its status; scripts get the JSON as before.
 */
export default async function contactFormFeedbackRoutes(app: FastifyInstance, options: FeedbackRouteOptions): Promise<void> {
  // Limits are given per request, from the form; a file over its size is the field's error.
  await app.register(multipart, { throwFileSizeLimit: false });
  const limited = await perAddressLimit(app, app.config.feedbackRateLimit, FEEDBACK_RATE_LIMITED);
  const beforeSendMail = options.beforeSendMail ?? [];
  app.setErrorHandler(async function feedbackRefusalPage(error: FastifyError | RestError, request, reply) {
    // Scripts get the app's JSON error (plugins/error-handling.ts).
    if (!isFormNavigation(request)) throw error;
    return refusalPage(app, request, reply, error);
  });

  app.post(
    contactFormRoute('feedback'),
    {
      config: limited,
      // Not a limit Fastify applies here (the form's own are, as the body is read): what is read
      // and dropped after an answer sent before the body's end (http/lingering-close.ts).
      bodyLimit: largestContentLength(app.forms.all()),
      // The body is multipart, read field by field against the form.
      schema: { params: formIdParams, response: { 200: feedbackAnswerSchema, ...restErrors(400, 403, 404, 413, 415, 429, 503) } },
      // The answer is a few hundred bytes of JSON, below any size worth compressing.
      compress: false,
      onRequest: [refuseCrossSite, async (request) => acceptFeedbackRequest(app, request)],
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answered = await answerFeedback(app, request, beforeSendMail);
      return isFormNavigation(request) ? answerPage(app, request, reply, answered) : answered.answer;
    },
  );
}

/** A browser's own POST: a sent message goes on to the thank-you address; any other outcome is a page (200, as the JSON). */
async function answerPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, { answer, formData }: AnsweredFeedback): Promise<FastifyReply> {
  if (answer.status === ANSWER_STATUS.sent.status) return reply.code(303).header('location', thankYouPath(answer, siteOriginOf(app))).send();
  const { form } = feedbackTargetOf(request);
  const page = feedbackPage(form, answer, formData, {
    head: await siteHead(app.config.staticRoot),
    back: backToFormHref(app, request, CONTACT_SECTION, sanitizeUnitTag(postedText(formData, CONTACT_FORM_FIELD.unitTag))),
    recaptchaChecked: form.recaptcha === true && app.config.recaptchaSecret !== null,
    contactEmail: app.liveContent.current.company.email,
  });
  return reply.type('text/html; charset=utf-8').send(page);
}

/** The home page's contact section, where the form is: the way back when the Referer is not this site's. */
const CONTACT_SECTION = '/#contact';

/** A refused POST (too large, too many, not a form, another site's page) as a page of its status, with the refusal's words. */
async function refusalPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, error: FastifyError | RestError): Promise<FastifyReply> {
  const refusal = serviceErrorOf(error);
  const status = refusal?.statusCode ?? (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const retryAfter = refusal?.data.retry_after;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  const page = formAnswerPage({
    heading: 'Your message was not sent',
    paragraphs: [
      status >= 500 ? 'Something went wrong on our side.' : (refusal?.message ?? error.message),
      'What you typed did not reach us: go back to the form, where your browser may still hold it, and send it again.',
      `You can also e-mail us at ${app.liveContent.current.company.email}.`,
    ],
    problems: [],
    sent: [],
    back: { href: backToFormHref(app, request, CONTACT_SECTION), label: 'Back to the form' },
    head: await siteHead(app.config.staticRoot),
  });
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}
