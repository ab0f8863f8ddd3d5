// The effects the contactForm machine invokes, as XState actors: the API calls (ky), the
// validation engine, reCAPTCHA and leaving the page. Each takes what it needs as input, so the
// machine stays free of network and DOM, and tests replace any of them with a fake.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { parseSchema, validate, type SwvSchema, type ValidationResult } from '../validation/index.ts';
import { checkBrowserSupport, type BrowserSupport } from './browser-support.ts';
import { createCf7Client } from './cf7-api.client.ts';
import type { FeedbackResponse, RefillResponse } from './cf7-api.types.ts';
import { toFormData, type FormEntry } from './form-data.ts';
import { getPageRecaptcha } from './recaptcha.service.ts';
import type { Wpcf7Api } from './wpcf7-config.ts';

export interface FormRequestInput {
  api: Wpcf7Api;
  formId: number;
}

export interface SubmitFeedbackInput extends FormRequestInput {
  entries: readonly FormEntry[];
}

export interface ValidateFieldsInput {
  schema: SwvSchema;
  entries: readonly FormEntry[];
  fields: readonly string[];
}

export interface RecaptchaSetupOutput {
  /** null: the site has no reCAPTCHA key, the form goes without. */
  siteKey: string | null;
}

export const browserSupport = fromPromise<BrowserSupport>(async () => checkBrowserSupport());

export const fetchSchema = fromPromise<SwvSchema, FormRequestInput>(async ({ input, signal }) =>
  parseSchema(await createCf7Client(input.api).schema(input.formId, signal)),
);

export const validateFields = fromPromise<ValidationResult, ValidateFieldsInput>(async ({ input }) =>
  validate(input.schema, toFormData(input.entries), { fields: input.fields }),
);

export const submitFeedback = fromPromise<FeedbackResponse, SubmitFeedbackInput>(({ input, signal }) =>
  createCf7Client(input.api).feedback(input.formId, toFormData(input.entries), signal),
);

export const refill = fromPromise<RefillResponse, FormRequestInput>(({ input, signal }) =>
  createCf7Client(input.api).refill(input.formId, signal),
);

/** Reads the site key from the public configuration and, when there is one, loads the provider. */
export const recaptchaSetup = fromPromise<RecaptchaSetupOutput, { api: Wpcf7Api }>(async ({ input, signal }) => {
  const { recaptchaSiteKey } = await createCf7Client(input.api).siteConfig(signal);
  if (!recaptchaSiteKey) return { siteKey: null };
  await getPageRecaptcha().load(recaptchaSiteKey);
  return { siteKey: recaptchaSiteKey };
});

/** A reCAPTCHA token for an action (`homepage`, `contactform`). */
export const recaptchaToken = fromPromise<string, { action: string }>(({ input }) => getPageRecaptcha().execute(input.action));

/** Leaves for another page (the confirmation page after a sent message). */
export const navigate = fromCallback<EventObject, { url: string }>(({ input }) => {
  window.location.assign(input.url);
});
