import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FEEDBACK_RATE_LIMITED, requestTooLarge, unsupportedMediaType } from '../contact-form/feedback-errors.ts';
import { perAddressLimit } from '../http/rate-limit.ts';
import { feedbackAnswerSchema, formIdParams, restErrors } from '../http/route-schemas.ts';
import { largestContentLength, multipartLimits } from '../contact-form/multipart-limits.ts';
import { feedbackAnswer } from '../contact-form/feedback-answer.ts';
import { postedText } from '../contact-form/posted-data.ts';
import { sanitizeUnitTag } from '../contact-form/posted-data-hash.ts';
import { processSubmission } from '../contact-form/process-submission.ts';
import { discardUploads, readFeedbackRequest } from '../contact-form/read-feedback-request.ts';
import { buildRefill, hasRefillFields, type Refill } from '../contact-form/refill.ts';
import { CONTACT_FORM_PATH, requireForm } from '../contact-form/request-context.ts';
import { pageUrlOf, siteBaseOf, siteHostnameOf } from '../http/site-url.ts';
import type { BeforeSendMailHook } from '../contact-form/process-submission.ts';

export interface FeedbackRouteOptions {
  beforeSendMail?: readonly BeforeSendMailHook[];
}

/**
 * `POST …/contact-forms/{id}/feedback`: a submission, multipart only, as CF7's REST API.
 * Every outcome is HTTP 200 with a `status`; only a request that is not a submission at all
 * (not multipart, unknown form, beyond the limits, too many from one address) is a 4xx.
 * Encapsulated: the multipart parser and the per-address limit apply to this route alone. The
 * body is read by readFeedbackRequest with the form's limits: whole when small, else as it
 * streams, files to disk.
 */
export default async function contactFormFeedbackRoutes(app: FastifyInstance, options: FeedbackRouteOptions): Promise<void> {
  // Limits are given per request, from the form; a file over its size is the field's error.
  await app.register(multipart, { throwFileSizeLimit: false });
  const limited = await perAddressLimit(app, app.config.feedbackRateLimit, FEEDBACK_RATE_LIMITED);

  app.post<{ Params: { id: string } }>(
    `${CONTACT_FORM_PATH}/feedback`,
    {
      config: limited,
      // Not a limit Fastify applies here (the form's own are, as the body is read): what is read
      // and dropped after an answer sent before the body's end (http/lingering-close.ts).
      bodyLimit: largestContentLength(app.forms.all()),
      // The body is multipart, read field by field by readFeedbackRequest against the form.
      schema: { params: formIdParams, response: { 200: feedbackAnswerSchema, ...restErrors(400, 404, 413, 415, 429) } },
      // The answer is a few hundred bytes of JSON, below any size worth compressing.
      compress: false,
      // Before the body is read: CF7 refuses anything but multipart/form-data first of all,
      // then an unknown form; a body longer than the form accepts is not read, only dropped.
      onRequest: async (request) => {
        const type = request.headers['content-type'];
        if (typeof type !== 'string' || !type.toLowerCase().startsWith('multipart/form-data')) throw unsupportedMediaType();
        const form = requireForm(app, (request.params as { id: string }).id);
        const cap = multipartLimits(form).contentLength;
        if (Number(request.headers['content-length'] ?? 0) > cap) throw requestTooLarge(cap);
      },
    },
    async (request, reply) => {
      const form = requireForm(app, request.params.id);
      const feedback = await readFeedbackRequest(request, form, app.config.uploadDir);
      const unitTag = sanitizeUnitTag(postedText(feedback.formData, '_wpcf7_unit_tag'));
      let outcome: Awaited<ReturnType<typeof processSubmission>>;
      try {
        outcome = await processSubmission(
          {
            config: app.config,
            db: app.db,
            writer: app.submissionWriter,
            secrets: app.secrets,
            captchas: app.captchas,
            now: app.clock,
            log: request.log,
            beforeSendMail: options.beforeSendMail ?? [],
            onMailQueued: (channel) => app.outbox.queued(channel),
          },
          {
            form,
            request: feedback,
            ip: request.ip,
            userAgent: headerText(request, 'user-agent'),
            hostname: siteHostnameOf(app),
            unitTag,
            containerPost: Number.parseInt(postedText(feedback.formData, '_wpcf7_container_post'), 10) || 0,
            pageUrl: pageUrlOf(app, request),
          },
        );
      } finally {
        // Files not stored (refused, spam, a failure) do not stay in UPLOAD_DIR; stored ones moved.
        await discardUploads(feedback.uploads);
      }
      const origin = siteBaseOf(app);
      // Every answer carries fresh captchas and quiz questions: the old captcha is used up.
      const refill: Refill = hasRefillFields(form)
        ? await buildRefill(form, { captchas: app.captchas, secrets: app.secrets, origin })
        : {};
      reply.header('cache-control', 'no-store');
      return feedbackAnswer(form, outcome, { unitTag, origin, refill, log: request.log });
    },
  );
}

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}
