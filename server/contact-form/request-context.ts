import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FormDefinition } from '../../content/forms/index.ts';
import { contactFormUrl, type ContactFormEndpoint } from '../../src/validation/contact-form/index.ts';
import { formNotFound, requestTooLarge, unsupportedMediaType } from './feedback-errors.ts';
import { multipartLimits, type MultipartLimits } from './multipart-limits.ts';

/** The route of a form's endpoint: `(?P<id>\d+)` in CF7's routes, so only digits match. */
export const contactFormRoute = (endpoint: ContactFormEndpoint): string => contactFormUrl(':id(^\\d+$)', endpoint);

export function requireForm(app: FastifyInstance, id: string): FormDefinition {
  const form = app.forms.find(Number(id));
  if (form === undefined) throw formNotFound();
  return form;
}

/** The form a feedback request posts to and its body's limits, found once before the body. */
export interface FeedbackTarget {
  form: FormDefinition;
  limits: MultipartLimits;
}

const targets = new WeakMap<FastifyRequest, FeedbackTarget>();

/**
 * Before a feedback body is read: CF7 refuses anything but multipart/form-data first of all,
 * then an unknown form; a body longer than the form accepts is not read, only dropped. The
 * form and its limits are kept for the handler (`feedbackTargetOf`), so they are looked up once.
 */
export function acceptFeedbackRequest(app: FastifyInstance, request: FastifyRequest): void {
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !type.toLowerCase().startsWith('multipart/form-data')) throw unsupportedMediaType();
  const form = requireForm(app, (request.params as { id: string }).id);
  const limits = multipartLimits(form);
  if (Number(request.headers['content-length'] ?? 0) > limits.contentLength) throw requestTooLarge(limits.contentLength);
  targets.set(request, { form, limits });
}

/** What `acceptFeedbackRequest` found for this request (it runs as the route's onRequest). */
export function feedbackTargetOf(request: FastifyRequest): FeedbackTarget {
  const target = targets.get(request);
  if (target === undefined) throw new Error('acceptFeedbackRequest did not run for this request');
  return target;
}
