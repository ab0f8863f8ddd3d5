import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { answerFeedback } from './answer-feedback.ts';
import { FEEDBACK_RATE_LIMITED } from './feedback-errors.ts';
import { largestContentLength } from './multipart-limits.ts';
import type { BeforeSendMailHook } from './process-submission.ts';
import { acceptFeedbackRequest, contactFormRoute } from './request-context.ts';
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
 */
export default async function contactFormFeedbackRoutes(app: FastifyInstance, options: FeedbackRouteOptions): Promise<void> {
  // Limits are given per request, from the form; a file over its size is the field's error.
  await app.register(multipart, { throwFileSizeLimit: false });
  const limited = await perAddressLimit(app, app.config.feedbackRateLimit, FEEDBACK_RATE_LIMITED);
  const beforeSendMail = options.beforeSendMail ?? [];

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
      return answerFeedback(app, request, beforeSendMail);
    },
  );
}
