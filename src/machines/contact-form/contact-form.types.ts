// The contactForm machine's types: its input, context, events and what it emits. The starting
// context is in contact-form-initial-context.ts, what a submission posts in
// contact-form-submission.ts, how an answer changes the form in contact-form-answer.ts.
import type { FormDefinition } from '../../../content/forms/index.ts';
import type { FeedbackResponse, RefillResponse } from '../../services/contact-form/cf7-api.types.ts';
import type { Wpcf7ConfigResult } from '../../services/contact-form/cf7-config.service.ts';
import type { PrefilledFields } from '../../services/shared/prefilled-fields.service.ts';
import type { SwvSchema } from '../../validation/index.ts';
import type { FieldChange, FormValues } from './contact-form-values.ts';

export interface ContactFormInput {
  form: FormDefinition;
  /** The page's `wpcf7` configuration (see services/contact-form/cf7-config.service.ts). */
  wpcf7: unknown;
  /** Rendered inside another contact form's container: the plugin refuses to show it. */
  nested?: boolean;
  /** The post the form is placed in (its `containerPost` hidden field); 0 outside a post. */
  containerPost?: number;
  /** Which occurrence of the form on the page (the `o<n>` of the unit tag). */
  occurrence?: number;
  /**
   * What the prerendered form already holds (typed before its code arrived: README.md, "Forms
   * before their code"); the machine starts from these values. None: the definition's empty ones.
   */
  prefilled?: PrefilledFields;
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

/**
 * What the form holds besides its state: the visitor's values and what the server said. Where
 * the form is (checking, validating, submitting, which answer) is the state itself, read with
 * tags and the selectors in contact-form.selectors.ts.
 */
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
  /** Fields the running validation checks. */
  validationFields: string[];
  /** Field name → its error message, shown beside the field. */
  errors: Readonly<Record<string, string>>;
  /** The answer's message (or the request's error), shown in the polite live region. */
  message: string;
  /** The last answer, until the next submission starts. */
  response: FeedbackResponse | null;
  postedDataHash: string;
  /** The action of the next token (`homepage` first, then `contactform`). */
  recaptchaAction: 'homepage' | 'contactform';
  token: string;
  /** Character counts as last announced to screen readers, per counted field. */
  announcedCounts: Readonly<Record<string, number>>;
  quiz: Readonly<Record<string, QuizChallenge>>;
  captcha: Readonly<Record<string, CaptchaChallenge>>;
  /** Bumped by every reset: file inputs (which cannot be controlled) are remounted with it. */
  resets: number;
}

export type ContactFormEvent =
  /** A control of the form took the focus (the first one loads reCAPTCHA). */
  | { type: 'field.focus' }
  /** Typing in a text control (no validation until the visitor leaves it). */
  | { type: 'field.input'; name: string; value: string }
  /** Leaving a control; after typing in it, this is its change. */
  | { type: 'field.blur'; name: string }
  /** A choice, a file or a select changed: validated at once. */
  | ({ type: 'field.change' } & FieldChange)
  | { type: 'form.submit' };

/** Inputs as the plugin's DOM events list them: the fields' own entries, no `_` names. */
export type SubmittedInput = { name: string; value: string | File };

/**
 * What the machine announces to the page: the view turns the submission events into the plugin's
 * DOM events (the status change it reads from the state), and moves the focus on `focus.summary`.
 */
export type ContactFormEmitted =
  | { type: 'submission.started'; inputs: SubmittedInput[] }
  | { type: 'submission.answered'; status: string; response: FeedbackResponse; inputs: SubmittedInput[] }
  | { type: 'form.reset'; status: string; response: RefillResponse | null }
  | { type: 'focus.summary' };
