// The effects only the contactForm machine invokes, as XState actors: Contact Form 7's API calls
// (ky) and the validation engine. Each takes what it needs as input, so the machine stays free of
// network and DOM, and tests replace any of them with a fake. reCAPTCHA, the browser check and
// leaving the page are shared actors of their own (recaptcha.actor.ts, browser-support.actor.ts,
// navigate.actor.ts).
import { fromPromise } from 'xstate';
import { parseSchema, validate, type SwvSchema, type ValidationResult } from '../../validation/index.ts';
import { createCf7Client } from './cf7-api.client.ts';
import type { FeedbackResponse, RefillResponse } from './cf7-api.types.ts';
import { toFormData, type FormEntry } from './contact-form-data.service.ts';
import type { Wpcf7Api } from './cf7-config.service.ts';

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

