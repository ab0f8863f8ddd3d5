// The shapes of Contact Form 7's REST answers, derived from the JSON schemas the server declares
// (validation/contact-form/contact-form-answer.ts): one definition for both sides.
import type { FeedbackAnswer, InvalidField, RefillAnswer } from '../../validation/contact-form/index.ts';

export type { InvalidField };

export type RefillResponse = RefillAnswer;

/** status: mail_sent, mail_failed, validation_failed, acceptance_missing, spam, aborted, payment_required, or a plugin's own. */
export type FeedbackResponse = FeedbackAnswer;
