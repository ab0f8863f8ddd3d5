// The contactForm machine's types and its starting context, kept apart from the machine so the
// machine file reads as the statechart alone.
import type { FormDefinition } from '../../content/forms/index.ts';
import type { FeedbackResponse, RefillResponse } from '../services/cf7-api.types.ts';
import { readWpcf7Config, type Wpcf7ConfigResult } from '../services/wpcf7-config.ts';
import type { SwvSchema } from '../validation/index.ts';
import { fieldEntries, initialValues, type FieldChange, type FormEntry, type FormValues } from './contact-form-values.ts';

/** The plugin version the form says it speaks (`_wpcf7_version`), as a WordPress page would. */
export const WPCF7_VERSION = '6.0.6';

/** How long typing must pause before a character count is announced to screen readers. */
export const COUNTER_ANNOUNCE_DELAY_MS = 1_000;

export interface ContactFormInput {
  form: FormDefinition;
  /** The page's `wpcf7` configuration (see services/wpcf7-config.ts). */
  wpcf7: unknown;
  /** Rendered inside another contact form's container: the plugin refuses to show it. */
  nested?: boolean;
  /** The post the form is placed in (`_wpcf7_container_post`); 0 outside a post. */
  containerPost?: number;
  /** Which occurrence of the form on the page (the `o<n>` of the unit tag). */
  occurrence?: number;
}

export interface QuizChallenge {
  question: string;
  answerHash: string;
}

export interface CaptchaChallenge {
  /** Image URL; empty until the refill brings one (a cached page must not share one). */
  src: string;
  /** The trailing digits of the image's file name. */
  challenge: string;
}

export interface ContactFormContext {
  form: FormDefinition;
  unitTag: string;
  containerPost: number;
  nested: boolean;
  wpcf7: Wpcf7ConfigResult;
  values: FormValues;
  /** Text fields typed in since the visitor last left them (leaving one is its "change"). */
  edited: string[];
  schema: SwvSchema | null;
  /** The status class the form carries (and last announced). */
  status: string;
  /** The status of the form region (submission flow), before a running validation is shown. */
  formStatus: string;
  validating: boolean;
  /** Fields the running validation checks. */
  validationFields: string[];
  /** Field name → its error message, shown beside the field. */
  errors: Readonly<Record<string, string>>;
  /** The error summary is shown (after an answer with invalid fields) while errors remain. */
  showSummary: boolean;
  /** Bumped when the summary must take the focus; the view focuses on change. */
  summaryFocus: number;
  /** The answer's message (or the request's error), shown in the polite live region. */
  message: string;
  response: FeedbackResponse | null;
  postedDataHash: string;
  /** reCAPTCHA is wanted and not (yet) known to be unavailable. */
  recaptchaOn: boolean;
  siteKey: string | null;
  /** The action of the next token (`homepage` first, then `contactform`). */
  recaptchaAction: 'homepage' | 'contactform';
  token: string;
  /** Character counts as last announced to screen readers, per counted field. */
  announcedCounts: Readonly<Record<string, number>>;
  resetOnMailSent: boolean;
  redirectUrl: string | null;
  quiz: Readonly<Record<string, QuizChallenge>>;
  captcha: Readonly<Record<string, CaptchaChallenge>>;
  /** Bumped by every reset: file inputs (which cannot be controlled) are remounted with it. */
  resets: number;
}

export type ContactFormEvent =
  /** Typing in a text control (no validation until the visitor leaves it). */
  | { type: 'field.input'; name: string; value: string }
  /** Leaving a control; after typing in it, this is its change. */
  | { type: 'field.blur'; name: string }
  /** A choice, a file or a select changed: validated at once. */
  | ({ type: 'field.change' } & FieldChange)
  | { type: 'form.submit' };

/** Inputs as the plugin's DOM events list them: the fields' own entries, no `_` names. */
export type SubmittedInput = { name: string; value: string | File };

/** What the machine announces to the page (the view turns these into the plugin's DOM events). */
export type ContactFormEmitted =
  | { type: 'status.changed'; status: string; previousStatus: string }
  | { type: 'submission.started'; inputs: SubmittedInput[] }
  | { type: 'submission.answered'; status: string; response: FeedbackResponse; inputs: SubmittedInput[] }
  | { type: 'form.reset'; status: string; response: RefillResponse | null };

export function createContext(input: ContactFormInput): ContactFormContext {
  const { form } = input;
  return {
    form,
    unitTag: `wpcf7-f${form.id}-o${input.occurrence ?? 1}`,
    containerPost: input.containerPost ?? 0,
    nested: input.nested ?? false,
    wpcf7: readWpcf7Config(input.wpcf7),
    values: initialValues(form.fields),
    edited: [],
    schema: null,
    status: 'init',
    formStatus: 'init',
    validating: false,
    validationFields: [],
    errors: {},
    showSummary: false,
    summaryFocus: 0,
    message: '',
    response: null,
    postedDataHash: '',
    recaptchaOn: form.recaptcha,
    siteKey: null,
    recaptchaAction: 'homepage',
    token: '',
    announcedCounts: {},
    resetOnMailSent: false,
    redirectUrl: null,
    quiz: {},
    captcha: {},
    resets: 0,
  };
}

/** The hidden fields the plugin posts with every submission, in its order. */
export function hiddenEntries(context: ContactFormContext): FormEntry[] {
  const { form } = context;
  return [
    ['_wpcf7', String(form.id)],
    ['_wpcf7_version', WPCF7_VERSION],
    ['_wpcf7_locale', form.locale],
    ['_wpcf7_unit_tag', context.unitTag],
    ['_wpcf7_container_post', String(context.containerPost)],
    ['_wpcf7_posted_data_hash', context.postedDataHash],
    ...(form.recaptcha ? [['_wpcf7_recaptcha_response', context.token] as const] : []),
    ...Object.entries(context.quiz).map(([name, quiz]) => [`_wpcf7_quiz_answer_${name}`, quiz.answerHash] as const),
    ...Object.entries(context.captcha).map(([name, captcha]) => [`_wpcf7_captcha_challenge_${name}`, captcha.challenge] as const),
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

/** Errors after validating some fields: theirs replaced by the result, the others kept. */
export function errorsAfterValidation(
  errors: Readonly<Record<string, string>>,
  fields: readonly string[],
  result: Readonly<Record<string, { error: string } | { validInputs: unknown[] }>>,
): Record<string, string> {
  const next = { ...errors };
  for (const field of fields) {
    const outcome = result[field];
    if (outcome && 'error' in outcome) next[field] = outcome.error;
    else delete next[field];
  }
  return next;
}
