import type { FastifyInstance } from 'fastify';
import { buildRefill } from './refill.ts';
import { contactFormRoute, requireForm } from './request-context.ts';
import { siteBaseOf } from '../http/site-url.ts';
import { formIdParams, refillSchema, restErrors } from '../http/route-schemas.ts';

/**
 * `GET …/contact-forms/{id}/refill`: fresh captchas and quiz questions for a form shown from a
 * cached page (CF7 calls it when `wpcf7.cached`, and after mail_sent). `{}` for a form with
 * neither. Never cached: every captcha is single use.
 */
export default async function contactFormRefillRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    contactFormRoute('refill'),
    { schema: { params: formIdParams, response: { 200: refillSchema, ...restErrors(404) } } },
    async (request, reply) => {
    const form = requireForm(app, request.params.id);
    reply.header('cache-control', 'no-store');
    return buildRefill(form, { captchas: app.captchas, secrets: app.secrets, origin: siteBaseOf(app) });
    },
  );
}
