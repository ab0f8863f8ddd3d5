import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { validate } from '../../src/validation/index.ts';
import { ANSWER_STATUS, type AnswerStatus } from '../../src/validation/contact-form/index.ts';
import type { FormDefinition } from '../../content/forms/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { SubmissionWriter } from '../submissions/submission-writer.ts';
import type { CaptchaStore } from '../security/captcha-store.ts';
import type { SiteSecrets } from '../security/site-secrets.ts';
import { addressNetwork } from '../http/rate-limit.ts';
import { checkAcceptance } from './acceptance.ts';
import { apiRequestsOf } from './api-actions.ts';
import { composeMail } from './compose-mail.ts';
import { publishedSchema } from './form-schemas.ts';
import { postedDataHash } from './posted-data-hash.ts';
import { readPostedData, type PostedData } from './posted-data.ts';
import type { FeedbackRequest } from './read-feedback-request.ts';
import { runServerChecks } from './server-checks.ts';
import { checkSpam } from './spam-check.ts';
import { storeAcceptedSubmission, type SubmissionRecord } from './store-submission.ts';

/*
 * One submission, in CF7's order (WPCF7_Submission::proceed): validate (the shared SWV rules
 * and the server's own checks) → acceptance → spam → before-send-mail hooks → "mail", which
 * here means committing the submission and its mail to the outbox. The first step that fails
 * decides the status; later steps do not run.
 */

/** Every answer status but payment_required (no payment add-on here). */
export type SubmissionStatus = Exclude<AnswerStatus, typeof ANSWER_STATUS.paymentRequired.status>;
const { sent, failed, invalid, unaccepted, spam: spamAnswer, aborted } = ANSWER_STATUS;

/**
 * CF7's `wpcf7_before_send_mail` with `$abort`: a hook may stop a valid, accepted, non-spam
 * submission before it is stored and mailed; the visitor is answered `aborted`.
 */
export type BeforeSendMailHook = (submission: {
  form: FormDefinition;
  postedData: PostedData;
}) => { abort: true; message?: string } | undefined | Promise<{ abort: true; message?: string } | undefined>;

export interface SubmissionServices {
  config: Config;
  db: Kysely<Database>;
  /** Group-commits accepted submissions with their files and mail. */
  writer: SubmissionWriter;
  secrets: SiteSecrets;
  captchas: CaptchaStore;
  now: () => number;
  log: FastifyBaseLogger;
  beforeSendMail: readonly BeforeSendMailHook[];
  /** Told after rows were committed to the outbox (mail; http when the form has API actions), so a worker can pick them up at once. */
  onMailQueued: (channel: 'mail' | 'http') => void;
}

export interface SubmissionInput {
  form: FormDefinition;
  request: FeedbackRequest;
  ip: string;
  userAgent: string;
  hostname: string;
  unitTag: string;
  containerPost: number;
  pageUrl: string | null;
}

export interface SubmissionOutcome {
  status: SubmissionStatus;
  message: string;
  invalidFields: Array<{ field: string; message: string }>;
  /** Set for mail_sent, mail_failed and aborted, as CF7; empty otherwise. */
  postedDataHash: string;
  /** What was sent, for the after-sent actions (mail_sent only). */
  postedData?: PostedData;
}

export async function processSubmission(services: SubmissionServices, input: SubmissionInput): Promise<SubmissionOutcome> {
  const { form, request } = input;
  const { formData } = request;
  const answer = (status: SubmissionStatus, message: string, hash = '', invalidFields: SubmissionOutcome['invalidFields'] = []) => ({
    status,
    message,
    invalidFields,
    postedDataHash: hash,
  });

  const invalidFields = await validateSubmission(services, input);
  if (invalidFields.length > 0) return answer(invalid.status, form.messages.validation_error, '', invalidFields);

  const acceptance = checkAcceptance(form, formData);
  if (!acceptance.accepted) return answer(unaccepted.status, acceptance.message);

  const postedData = readPostedData(form, formData);
  const at = services.now();
  const record: SubmissionRecord = {
    formId: String(form.id),
    status: sent.status,
    postedData,
    postedDataHash: postedDataHash(services.secrets, { now: at, ip: input.ip, unitTag: input.unitTag, postedData }),
    remoteIpHash: input.ip === '' ? null : services.secrets.hashAddress('remote_ip', addressNetwork(input.ip)),
    userAgent: input.userAgent.slice(0, 254) || null,
    meta: {
      unit_tag: input.unitTag,
      container_post: input.containerPost,
      url: input.pageUrl,
      consent: acceptance.consent,
    },
    createdAt: new Date(at).toISOString(),
  };

  const spam = await checkSpam({
    config: services.config,
    form,
    formData,
    postedData,
    userAgent: input.userAgent,
    ip: input.ip,
    hostname: input.hostname,
  });
  if (spam.spam) {
    const reason = spam.reason ?? 'spam';
    services.log.info({ form: form.id, reason }, 'submission judged spam');
    try {
      await services.writer.storeSpam({ ...record, status: 'spam', meta: { ...record.meta, recaptcha_score: spam.recaptchaScore } }, reason);
    } catch (error) {
      // Losing a spam record is harmless; the visitor's answer does not depend on it.
      services.log.error({ err: error }, 'could not store a spam submission');
    }
    return answer(spamAnswer.status, form.messages.spam);
  }
  if (spam.recaptchaScore !== null) record.meta.recaptcha_score = spam.recaptchaScore;

  for (const hook of services.beforeSendMail) {
    const verdict = await hook({ form, postedData });
    if (verdict?.abort) return answer(aborted.status, verdict.message ?? 'Sending mail has been aborted.', record.postedDataHash);
  }

  const requests = apiRequestsOf(form, postedData, services.log, services.config.formActionSecrets);
  try {
    const id = await storeAcceptedSubmission(services.writer, {
      record,
      uploads: request.uploads,
      uploadDir: services.config.uploadDir,
      requests,
      mail: (attachments) =>
        composeMail({
          form,
          postedData,
          mailTo: services.config.mailTo,
          attachments,
          consent: acceptance.consent,
          submittedAt: record.createdAt,
          pageUrl: input.pageUrl,
        }),
    });
    services.log.info({ form: form.id, submission: id }, 'submission stored, mail queued');
  } catch (error) {
    services.log.error({ err: error, form: form.id }, 'could not store a submission');
    return answer(failed.status, form.messages.mail_sent_ng, record.postedDataHash);
  }
  services.onMailQueued('mail');
  if (requests.length > 0) services.onMailQueued('http');
  return { ...answer(sent.status, form.messages.mail_sent_ok, record.postedDataHash), postedData };
}

/** The server's own checks first, then the shared SWV rules: the first error per field wins. */
async function validateSubmission(services: SubmissionServices, input: SubmissionInput) {
  const { form, request } = input;
  const serverProblems = await runServerChecks({
    form,
    formData: request.formData,
    fileErrors: request.fileErrors,
    secrets: services.secrets,
    captchas: services.captchas,
  });
  const swv = validate(publishedSchema(form).schema, request.formData);
  const invalid: Array<{ field: string; message: string }> = [];
  for (const field of form.fields) {
    const serverMessage = serverProblems.get(field.name);
    const result = swv[field.name];
    const message = serverMessage ?? (result !== undefined && 'error' in result ? result.error : undefined);
    if (message !== undefined) invalid.push({ field: field.name, message });
  }
  return invalid;
}
