// How the server's answers change the form's data: an answer's errors and message, a refill's
// new quiz questions and captcha images, a validation's result, and where a sent form goes.
import type { FeedbackResponse, RefillResponse } from '../../services/contact-form/cf7-api.types.ts';
import type { ValidationResult } from '../../validation/index.ts';
import type { FormValues } from './contact-form-values.ts';
import type { ContactFormContext } from './contact-form.types.ts';

/** The captcha id is the trailing digits of the image's file name (`…/4821.svg` → `4821`). */
export function captchaChallengeOf(url: string): string {
  return /(\d+)\.[a-z0-9]+$/i.exec(url)?.[1] ?? '';
}

/** A refill (or an answer carrying one): new quiz questions and captcha images, answers emptied. */
export function refilled(context: ContactFormContext, refill: RefillResponse | null | undefined): Partial<ContactFormContext> {
  if (!refill || (!refill.quiz && !refill.captcha)) return {};
  const values: Record<string, FormValues[string]> = { ...context.values };
  const quiz = { ...context.quiz };
  const captcha = { ...context.captcha };
  for (const [name, [question, answerHash]] of Object.entries(refill.quiz ?? {})) {
    quiz[name] = { question, answerHash };
    values[name] = '';
  }
  for (const [name, src] of Object.entries(refill.captcha ?? {})) {
    captcha[name] = { src, challenge: captchaChallengeOf(src) };
    values[name] = '';
  }
  return { values, quiz, captcha };
}

/** The form's data after an answer: its message, its per-field errors, its refill. */
export function answered(context: ContactFormContext, response: FeedbackResponse): Partial<ContactFormContext> {
  return {
    ...refilled(context, response),
    response,
    message: response.message,
    errors: Object.fromEntries(response.invalid_fields.map((invalid) => [invalid.field, invalid.message])),
    postedDataHash: response.posted_data_hash ?? context.postedDataHash,
  };
}

/** Errors after validating some fields: theirs replaced by the result, the others kept. */
export function errorsAfterValidation(
  errors: Readonly<Record<string, string>>,
  fields: readonly string[],
  result: ValidationResult,
): Record<string, string> {
  const next = { ...errors };
  for (const field of fields) {
    const outcome = result[field];
    if (outcome && 'error' in outcome) next[field] = outcome.error;
    else delete next[field];
  }
  return next;
}
