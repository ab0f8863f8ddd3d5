import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTACT_FORM_FIELD } from '../../src/validation/contact-form/index.ts';
import { pageUrlOf, siteBaseOf, siteHostnameOf } from '../http/site-url.ts';
import { feedbackAnswer, type FeedbackAnswer } from './feedback-answer.ts';
import { postedText } from './posted-data.ts';
import { sanitizeUnitTag } from './posted-data-hash.ts';
import { processSubmission, type BeforeSendMailHook, type SubmissionOutcome } from './process-submission.ts';
import { discardUploads, readFeedbackRequest } from './read-feedback-request.ts';
import { buildRefill, hasRefillFields, type Refill } from './refill.ts';
import { feedbackTargetOf } from './request-context.ts';

/*
 * One feedback request, after the checks before its body (request-context.ts): the body read
 * with the form's limits (read-feedback-request.ts: whole when small, else as it streams, files
 * to disk), the submission processed (process-submission.ts), files not stored removed, and
 * the answer built with a fresh refill (feedback-answer.ts).
 */
export async function answerFeedback(app: FastifyInstance, request: FastifyRequest, beforeSendMail: readonly BeforeSendMailHook[]): Promise<FeedbackAnswer> {
  const { form, limits } = feedbackTargetOf(request);
  const feedback = await readFeedbackRequest(request, form, limits, app.config.uploadDir);
  const unitTag = sanitizeUnitTag(postedText(feedback.formData, CONTACT_FORM_FIELD.unitTag));
  let outcome: SubmissionOutcome;
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
        beforeSendMail,
        onMailQueued: (channel) => app.outbox.queued(channel),
      },
      {
        form,
        request: feedback,
        ip: request.ip,
        userAgent: headerText(request, 'user-agent'),
        hostname: siteHostnameOf(app),
        unitTag,
        containerPost: Number.parseInt(postedText(feedback.formData, CONTACT_FORM_FIELD.containerPost), 10) || 0,
        pageUrl: pageUrlOf(app, request),
      },
    );
  } finally {
    // Files not stored (refused, spam, a failure) do not stay in UPLOAD_DIR; stored ones moved.
    await discardUploads(feedback.uploads);
  }
  const origin = siteBaseOf(app);
  // Every answer carries fresh captchas and quiz questions: the old captcha is used up.
  const refill: Refill = hasRefillFields(form) ? await buildRefill(form, { captchas: app.captchas, secrets: app.secrets, origin }) : {};
  return feedbackAnswer(form, outcome, { unitTag, origin, refill, log: request.log });
}

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}
