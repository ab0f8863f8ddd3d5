// What one submission of a Contact Form 7 form posts, in the plugin's order: its hidden fields
// (form id, version, locale, unit tag, container post, posted data hash, the reCAPTCHA token,
// quiz answer hashes and captcha challenges), then the fields. Also the inputs the plugin's DOM
// events list.
import { captchaChallengeName, CONTACT_FORM_FIELD as FIELD, quizAnswerName } from '../../validation/contact-form/index.ts';
import { fieldEntries, type FormEntry } from './contact-form-values.ts';
import type { ContactFormContext, SubmittedInput } from './contact-form.types.ts';

/** The plugin version the form says it speaks (its `version` hidden field), as a WordPress page would. */
export const WPCF7_VERSION = '6.0.6';

/** The hidden fields the plugin posts with every submission, in its order. */
export function hiddenEntries(context: ContactFormContext): FormEntry[] {
  const { form } = context;
  return [
    [FIELD.formId, String(form.id)],
    [FIELD.version, WPCF7_VERSION],
    [FIELD.locale, form.locale],
    [FIELD.unitTag, context.unitTag],
    [FIELD.containerPost, String(context.containerPost)],
    [FIELD.postedDataHash, context.postedDataHash],
    ...(form.recaptcha ? [[FIELD.recaptcha, context.token] as const] : []),
    ...Object.entries(context.quiz).map(([name, quiz]) => [quizAnswerName(name), quiz.answerHash] as const),
    ...Object.entries(context.captcha).map(([name, captcha]) => [captchaChallengeName(name), captcha.challenge] as const),
  ];
}

/** Everything a submission posts: the hidden fields, then the fields. */
export function submissionEntries(context: ContactFormContext): FormEntry[] {
  return [...hiddenEntries(context), ...fieldEntries(context.form.fields, context.values)];
}

/** The inputs of the plugin's DOM event detail. */
export function submittedInputs(context: ContactFormContext): SubmittedInput[] {
  return fieldEntries(context.form.fields, context.values)
    .filter(([name]) => !name.startsWith('_'))
    .map(([name, value]) => ({ name, value }));
}
