import type { FastifyInstance } from 'fastify';
import type { FormDefinition } from '../../content/forms/index.ts';
import { formNotFound } from './feedback-errors.ts';

/** The URL prefix of a contact form: `(?P<id>\d+)` in CF7's routes, so only digits match. */
export const CONTACT_FORM_PATH = '/wp-json/contact-form-7/v1/contact-forms/:id(^\\d+$)';

export function requireForm(app: FastifyInstance, id: string): FormDefinition {
  const form = app.forms.find(Number(id));
  if (form === undefined) throw formNotFound();
  return form;
}
