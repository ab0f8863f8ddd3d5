import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANSWER_STATUS, CONTACT_FORM_FIELD } from '../../src/validation/contact-form/index.ts';
import { countingKey } from '../http/rate-limit.ts';
import { pageUrlOf, siteBaseOf, siteHostnameOf } from '../http/site-url.ts';
import { feedbackAnswer, type FeedbackAnswer } from './feedback-answer.ts';
import { postedText } from './posted-data.ts';
import { sanitizeUnitTag } from './posted-data-hash.ts';
import { processSubmission, type BeforeSendMailHook, type SubmissionOutcome } from './process-submission.ts';
import { discardUploads, readFeedbackRequest, type FeedbackRequest, type UploadedFile } from './read-feedback-request.ts';
import { chargeUpload, refundUpload } from '../submissions/upload-budget.ts';
import { buildRefill, hasRefillFields, type Refill } from './refill.ts';
import { feedbackTargetOf } from './request-context.ts';

/*
 * One feedback request, after the checks before its body (request-context.ts): the body read
 * with the form's limits (read-feedback-request.ts: whole when small, else as it streams, files
 * to disk), each file charged to the address's upload budget (submissions/upload-budget.ts), the
 * submission processed (process-submission.ts), files not stored removed and refunded, and
 * the answer built with a fresh refill (feedback-answer.ts). What was posted comes back with it,
 * for the page a browser's own POST is answered with (feedback-page.ts).
 */
export interface AnsweredFeedback {
  answer: FeedbackAnswer;
  /** The fields as posted (accepted files by name; their content is gone once answered). */
  formData: FormData;
}

export async function answerFeedback(app: FastifyInstance, request: FastifyRequest, beforeSendMail: readonly BeforeSendMailHook[]): Promise<AnsweredFeedback> {
  const { form, limits } = feedbackTargetOf(request);
  const feedback = await readFeedbackRequest(request, form, limits, app.config.uploadDir);
  const unitTag = sanitizeUnitTag(postedText(feedback.formData, CONTACT_FORM_FIELD.unitTag));
  let outcome: SubmissionOutcome | undefined;
  let charged: UploadedFile[] = [];
  try {
    charged = await chargeUploads(app, countingKey(app, request.ip), feedback);
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
    // Only stored files use the address's budget.
    if (outcome?.status !== ANSWER_STATUS.sent.status) await refundUploads(app, request, charged);
  }
  const origin = siteBaseOf(app);
  // Every answer carries fresh captchas and quiz questions: the old captcha is used up.
  const refill: Refill = hasRefillFields(form) ? await buildRefill(form, { captchas: app.captchas, secrets: app.secrets, origin }) : {};
  return { answer: feedbackAnswer(form, outcome, { unitTag, origin, refill, log: request.log }), formData: feedback.formData };
}

/**
 * Each accepted file charged to the visitor's address (submissions/upload-budget.ts); a file past
 * the day's budget or the disk's floor becomes its field's error and is removed now, so the
 * same message without it is accepted. The charged files, to refund if none is kept.
 */
async function chargeUploads(app: FastifyInstance, key: string, feedback: FeedbackRequest): Promise<UploadedFile[]> {
  const budget = { db: app.db, uploadDir: app.config.uploadDir, dailyBytes: app.config.uploadDailyBytes, minFreeBytes: app.config.uploadMinFreeBytes, now: app.clock };
  const charged: UploadedFile[] = [];
  for (const upload of [...feedback.uploads]) {
    if (await chargeUpload(budget, key, upload.size)) {
      charged.push(upload);
      continue;
    }
    feedback.fileErrors.set(upload.field, 'upload_over_budget');
    feedback.uploads.splice(feedback.uploads.indexOf(upload), 1);
    await discardUploads([upload]);
  }
  return charged;
}

/** A refund that fails costs the visitor part of a day's budget, not the answer: logged, not thrown. */
async function refundUploads(app: FastifyInstance, request: FastifyRequest, charged: readonly UploadedFile[]): Promise<void> {
  for (const upload of charged) {
    await refundUpload({ db: app.db }, countingKey(app, request.ip), upload.size).catch((error: unknown) => request.log.error({ err: error }, 'could not refund an upload budget'));
  }
}

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}
