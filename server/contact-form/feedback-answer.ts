import type { FormDefinition } from '../../content/forms/index.ts';
import { ANSWER_STATUS, type FeedbackAnswer as Cf7FeedbackAnswer } from '../../src/validation/contact-form/index.ts';
import type { SubmissionOutcome } from './process-submission.ts';
import type { Refill } from './refill.ts';
import { afterSentKeys, type AfterSentKeys } from './after-sent-actions.ts';

/*
 * The JSON of POST …/feedback, as CF7's REST controller builds it (create_feedback): the
 * outcome, `into` (`#` + the unit tag), invalid_fields always present, each with CF7's
 * error_id (`<unit tag>-ve-<field>`) and idref (the field's id attribute: these forms set
 * none, so null). The refill keys ride along, and after mail_sent the keys the "Redirection
 * for Contact Form 7" add-on adds (after-sent-actions.ts); CF7's own keys win on a clash.
 */

/** The protocol's answer (its schema's type), with this server's statuses and add-on keys. */
export type FeedbackAnswer = Cf7FeedbackAnswer & Refill & AfterSentKeys & { status: SubmissionOutcome['status'] };

export function feedbackAnswer(
  form: FormDefinition,
  outcome: SubmissionOutcome,
  context: { unitTag: string; origin: string; refill: Refill; log: { warn(details: object, text: string): void } },
): FeedbackAnswer {
  const addOn = outcome.status === ANSWER_STATUS.sent.status && outcome.postedData ? afterSentKeys(form, outcome.postedData, context.origin, context.log) : {};
  return {
    ...addOn,
    contact_form_id: form.id,
    status: outcome.status,
    message: outcome.message,
    invalid_fields: outcome.invalidFields.map(({ field, message }) => ({
      field,
      message,
      idref: null,
      error_id: `${context.unitTag}-ve-${field}`,
    })),
    posted_data_hash: outcome.postedDataHash,
    into: `#${context.unitTag}`,
    ...context.refill,
  };
}
