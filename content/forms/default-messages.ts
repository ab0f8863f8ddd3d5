// Contact Form 7's default messages, in its own words, for forms that set nothing better.
// Fields override them with specific GOV.UK-style sentences where a visitor needs to know what to fix.
import type { FormDefinition, MessageKey } from '../structs/form.struct.ts';

export const cf7DefaultMessages: Record<MessageKey, string> = {
  mail_sent_ok: 'Thank you for your message. It has been sent.',
  mail_sent_ng: 'There was an error trying to send your message. Please try again later.',
  validation_error: 'One or more fields have an error. Please check and try again.',
  spam: 'There was an error trying to send your message. Please try again later.',
  accept_terms: 'You must accept the terms and conditions before sending your message.',
  invalid_required: 'Please fill out this field.',
  invalid_too_long: 'This field has a too long input.',
  invalid_too_short: 'This field has a too short input.',
  upload_failed: 'There was an unknown error uploading the file.',
  upload_file_type_invalid: 'You are not allowed to upload files of this type.',
  upload_file_too_large: 'The uploaded file is too large.',
  upload_file_too_small: 'The uploaded file is too small.',
  upload_over_budget: 'We cannot take more files from you today; send the message without it, or e-mail it.',
  quiz_answer_not_correct: 'The answer to the quiz is incorrect.',
  captcha_not_match: 'Your entered code is incorrect.',
  invalid_email: 'Please enter an email address.',
  invalid_url: 'Please enter a URL.',
  invalid_tel: 'Please enter a telephone number.',
  invalid_number: 'Please enter a number.',
  number_too_small: 'This field has a too small number.',
  number_too_large: 'This field has a too large number.',
  invalid_date: 'Please enter a date in YYYY-MM-DD format.',
  date_too_early: 'This field has a too early date.',
  date_too_late: 'This field has a too late date.',
  invalid_time: 'Please enter a time in HH:MM format.',
  invalid_option: 'Please choose one of the listed options.',
  too_few_items: 'Please select more items.',
  too_many_items: 'Please select fewer items.',
};

/** The page's own words around the submit button, for forms that set none. */
export const defaultFormNotices: NonNullable<FormDefinition['notices']> = {
  sending: 'Sending your message…',
  consentMissing: 'Tick the consent box above to send your message.',
};

/** What the redirect add-on says when the browser kept a new tab from opening. */
export const redirectAddOnTexts = {
  tabBlocked: 'Your browser kept the next page from opening in a new tab.',
  openLink: 'Open it',
  dismiss: 'Dismiss',
} as const;
