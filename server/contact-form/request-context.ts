import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FormDefinition } from '../../content/forms/index.ts';
import { formNotFound } from './feedback-errors.ts';

/** The URL prefix of a contact form: `(?P<id>\d+)` in CF7's routes, so only digits match. */
export const CONTACT_FORM_PATH = '/wp-json/contact-form-7/v1/contact-forms/:id(^\\d+$)';

export function requireForm(app: FastifyInstance, id: string): FormDefinition {
  const form = app.forms.find(Number(id));
  if (form === undefined) throw formNotFound();
  return form;
}

/** `https://host` as the visitor reached it (X-Forwarded-* only when TRUST_PROXY allows). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The page the form was sent from: the Referer, when it is on this site (CF7 does the same). */
export function pageUrlOf(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    const url = new URL(referer);
    return url.hostname === request.hostname ? url.toString().slice(0, 500) : null;
  } catch {
    return null;
  }
}
