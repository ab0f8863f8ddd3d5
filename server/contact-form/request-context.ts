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

/**
 * Where absolute URLs in answers point (the redirect, captcha images): SITE_URL, never the
 * request's Host header, which the client writes (and a proxy may rewrite).
 */
export function siteBaseOf(app: FastifyInstance): string {
  return app.config.siteUrl;
}

/** The site's host name, as reCAPTCHA reports where a token was made. */
export function siteHostnameOf(app: FastifyInstance): string {
  return new URL(app.config.siteUrl).hostname;
}

/** The page the form was sent from: the Referer, when it is on this site (CF7 does the same). */
export function pageUrlOf(app: FastifyInstance, request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    const url = new URL(referer);
    return url.hostname === siteHostnameOf(app) ? url.toString().slice(0, 500) : null;
  } catch {
    return null;
  }
}
