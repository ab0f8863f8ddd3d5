// Contact Form 7's wire names, written once for the browser and the server: the REST paths of a
// form, the hidden fields every submission posts, and the names the plugin builds from a
// field's name (quiz answer hash, captcha challenge, free text). The browser posts with them
// (machines/contact-form/contact-form-submission.ts, the view's plain-HTML `action`), the server reads with
// them (server/contact-form, server/routes/contact-form-*.ts). ARCHITECTURE.md: each protocol is
// written once, under src/validation/<feature>/.

/** Where the plugin's REST API lives on this site (WordPress's root, the plugin's namespace). */
export const CONTACT_FORM_API = { root: '/wp-json/', namespace: 'contact-form-7/v1' } as const;

/** The form's endpoints below `contact-forms/{id}`. */
const ENDPOINTS = { feedback: '/feedback', schema: '/feedback/schema', refill: '/refill' } as const;
export type ContactFormEndpoint = keyof typeof ENDPOINTS;

/** `contact-form-7/v1/contact-forms/5/feedback`: an endpoint below the REST root. */
export function contactFormEndpoint(namespace: string, formId: number | string, endpoint: ContactFormEndpoint): string {
  return `${namespace}/contact-forms/${formId}${ENDPOINTS[endpoint]}`;
}

/**
 * `/wp-json/contact-form-7/v1/contact-forms/5/feedback`: an endpoint's full path on this site.
 * The server passes its route parameter as the id (`:id(^\d+$)`).
 */
export function contactFormUrl(formId: number | string, endpoint: ContactFormEndpoint): string {
  return `${CONTACT_FORM_API.root}${contactFormEndpoint(CONTACT_FORM_API.namespace, formId, endpoint)}`;
}

/** The hidden fields the plugin posts with every submission (and the honeypot), by meaning. */
export const CONTACT_FORM_FIELD = {
  formId: '_wpcf7',
  version: '_wpcf7_version',
  locale: '_wpcf7_locale',
  unitTag: '_wpcf7_unit_tag',
  containerPost: '_wpcf7_container_post',
  postedDataHash: '_wpcf7_posted_data_hash',
  /** The reCAPTCHA v3 token, on forms that use reCAPTCHA. */
  recaptcha: '_wpcf7_recaptcha_response',
  /** A text input people never see nor fill; the server calls a filled one spam. */
  honeypot: '_wpcf7_hp_website',
} as const;

/** The hash of a quiz field's accepted answers, posted beside the typed answer. */
/** The reCAPTCHA v3 action the form's tokens are asked for, and the server expects. */
export const CONTACT_FORM_RECAPTCHA_ACTION = 'contactform';

export const quizAnswerName = (field: string): string => `${CONTACT_FORM_FIELD.formId}_quiz_answer_${field}`;

/** The captcha challenge (the image's digits), posted beside the typed word. */
export const captchaChallengeName = (field: string): string => `${CONTACT_FORM_FIELD.formId}_captcha_challenge_${field}`;

/** The free-text input of a checkbox or radio group (CF7 5.x). */
export const freeTextName = (field: string): string => `${CONTACT_FORM_FIELD.formId}_free_text_${field}`;

/** The free-text input as older CF7 versions named it; the server still reads it. */
export const legacyFreeTextName = (field: string): string => `${field}_free_text`;
