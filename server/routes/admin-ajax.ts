import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldValue, formFieldsOf, isFormMediaType, registerFormBodyParsers, type FormFields } from '../http/form-fields.ts';
import { httpErrors, RestError } from '../http/rest-error.ts';
import { ajaxErrorSchema } from '../http/route-schemas.ts';
import { COUNTRY_PREFIX_NONCE_ACTION } from '../newsletter/newsletter-forms.ts';
import { countryPrefixListHtml } from '../newsletter/country-prefixes.ts';
import { INVALID_NONCE_MESSAGE } from '../newsletter/newsletter-answer.ts';

/*
 * `POST /wp-admin/admin-ajax.php`: WordPress's one door for plugins' browser calls, dispatched
 * on the posted `action`. Each action names the nonce action its `security` field must carry
 * and its handler; a later feature adds its own entry (the sidebar contact form's send). An
 * unknown or missing action is a 400, a bad nonce a 403, both as JSON `{code, message}`.
 */

interface AjaxAction {
  /** Nonce action of the `security` field. */
  nonceAction: string;
  handle(fields: FormFields, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

const AJAX_PATH = '/wp-admin/admin-ajax.php';
const AJAX_BODY_LIMIT = 8 * 1024;

const actions: Record<string, AjaxAction> = {
  sib_get_country_prefix: {
    nonceAction: COUNTRY_PREFIX_NONCE_ACTION,
    // The list is the same for everyone, but the nonce makes each answer private: no-store.
    handle: async (_fields, _request, reply) => reply.type('text/html; charset=utf-8').send(countryPrefixListHtml()),
  },
};

export default async function adminAjaxRoutes(app: FastifyInstance): Promise<void> {
  registerFormBodyParsers(app, AJAX_BODY_LIMIT);
  // admin-ajax.php's errors are `{code, message}`, without the REST API's `data`.
  app.setErrorHandler(function ajaxErrors(error: FastifyError | RestError, _request, reply) {
    if (!(error instanceof RestError)) throw error;
    return reply.code(error.statusCode).header('cache-control', 'no-store').send({ code: error.code, message: error.message });
  });
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    // Before the body is read: only the media types a browser's form or jQuery sends.
    if (!isFormMediaType(request.headers['content-type'])) {
      throw httpErrors.unsupportedMediaType('unsupported_media_type', 'Send the request as application/x-www-form-urlencoded or multipart/form-data.');
    }
  };
  // The body is a form (`action`, `security`, the action's fields); an action answers HTML or JSON.
  const schema = { response: { 400: ajaxErrorSchema, 403: ajaxErrorSchema, 413: ajaxErrorSchema, 415: ajaxErrorSchema } };
  app.post(AJAX_PATH, { bodyLimit: AJAX_BODY_LIMIT, onRequest, schema }, async (request, reply) => {
    const fields = formFieldsOf(request.body) ?? [];
    const name = fieldValue(fields, 'action');
    const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
    if (action === undefined) {
      throw httpErrors.badRequest('unknown_action', name === '' ? 'No action was given.' : `Unknown action ${JSON.stringify(name.slice(0, 64))}.`);
    }
    if (app.nonces.verify(fieldValue(fields, 'security'), action.nonceAction) === false) {
      throw httpErrors.forbidden('sib_invalid_nonce', INVALID_NONCE_MESSAGE);
    }
    return action.handle(fields, request, reply);
  });
}
