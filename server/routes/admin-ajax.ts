import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_AJAX_ACTION_FIELD, ADMIN_AJAX_NONCE_FIELD, ADMIN_AJAX_PATH } from '../../src/validation/shared/admin-ajax.ts';
import { HUMAN_TEST_ACTION, SIDEBAR_FIELD, SIDEBAR_SEND_ACTION } from '../../src/validation/sidebar-form/index.ts';
import { fieldValue, formFieldsOf, isFormMediaType, registerFormBodyParsers, type FormFields } from '../http/form-fields.ts';
import { perAddressLimit } from '../http/rate-limit.ts';
import { httpErrors, serviceErrorOf, type RestError } from '../http/rest-error.ts';
import { retryAfterOf } from '../plugins/error-handling.ts';
import { ajaxErrorSchema } from '../http/route-schemas.ts';
import { pageUrlOf } from '../http/site-url.ts';
import { backToFormHref, isFormNavigation } from '../http/form-navigation.ts';
import { formAnswerPage } from '../http/form-answer-page.ts';
import { siteHead } from '../http/site-page.ts';
import { COUNTRY_PREFIX_NONCE_ACTION, SUBSCRIBE_NONCE_ACTION } from '../newsletter/newsletter-forms.ts';
import { countryPrefixListHtml } from '../newsletter/country-prefixes.ts';
import { INVALID_NONCE_MESSAGE } from '../newsletter/newsletter-answer.ts';
import { createHumanTestLedger, issueHumanTest } from '../sidebar-form/human-test.ts';
import { findSidebarForm, sendSidebarMessage } from '../sidebar-form/send-message.ts';
import { humanTestAnswer, sidebarAnswer } from '../sidebar-form/sidebar-answer.ts';
import { sidebarProblemPage, sidebarSentPage } from '../sidebar-form/sidebar-page.ts';
import { refuseCrossSite } from '../http/same-origin.ts';
import { nonceBindingOf } from '../security/nonce-cookie.ts';


/*
 * `POST /wp-admin/admin-ajax.php`: WordPress's one door for plugins' browser calls, dispatched
 * on the posted `action`. Each action names the nonce actions its `security` field may carry
 * (or none: the sidebar form's send is protected by its signed human-test challenge instead,
 * as the plugin had no nonce) and its handler. An unknown or missing action is a 400, a bad
 * nonce a 403, a body over the limit a 413, both as JSON `{code, message}`. Sending a sidebar
 * message is limited per address (FEEDBACK_RATE_LIMIT, the page form's limit).
 * A sidebar message the browser posts itself (a navigation: http/form-navigation.ts) is
 * answered with a page instead of JSON (README.md, "The sidebar contact panel";
 * sidebar-form/sidebar-page.ts), a refusal too; scripts get the JSON as before.
 */

interface AjaxAction {
  /** Nonce actions the `security` field may be made for; empty when the action takes no nonce. */
  nonceActions: readonly string[];
  handle(fields: FormFields, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

const AJAX_PATH = `/${ADMIN_AJAX_PATH}`;
/** Room for the sidebar's longest message (5,000 characters, percent-encoded) and its fields. */
const AJAX_BODY_LIMIT = 128 * 1024;

export const SIDEBAR_RATE_LIMITED = { code: 'ncf_rate_limited', what: 'messages' };

export default async function adminAjaxRoutes(app: FastifyInstance): Promise<void> {
  registerFormBodyParsers(app, AJAX_BODY_LIMIT);
  const ledger = createHumanTestLedger(app.db, app.clock);

  const actions: Record<string, AjaxAction> = {
    sib_get_country_prefix: {
      // The Brevo plugin's page holds one nonce and sends it to both the sign-up and this list
      // (README.md, "Server endpoints so far"); the site's own form asks for a list nonce.
      nonceActions: [COUNTRY_PREFIX_NONCE_ACTION, SUBSCRIBE_NONCE_ACTION],
      // The list is the same for everyone, but the nonce makes each answer private: no-store.
      handle: async (_fields, _request, reply) => reply.type('text/html; charset=utf-8').send(countryPrefixListHtml()),
    },
    [HUMAN_TEST_ACTION]: {
      nonceActions: [],
      handle: async () => humanTestAnswer(issueHumanTest(app.secrets, app.clock())),
    },
    [SIDEBAR_SEND_ACTION]: {
      nonceActions: [],
      handle: async (fields, request, reply) => {
        const index = fieldValue(fields, SIDEBAR_FIELD.formIndex);
        const form = findSidebarForm(app.sidebarContact, index);
        if (form === undefined) {
          throw httpErrors.badRequest('ncf_unknown_form', index === '' ? 'No ncf_form_index was given.' : `There is no sidebar form ${JSON.stringify(index.slice(0, 16))}.`);
        }
        const outcome = await sendSidebarMessage(
          {
            config: app.config,
            content: app.sidebarContact,
            siteName: app.liveContent.current.company.name,
            db: app.db,
            writer: app.submissionWriter,
            secrets: app.secrets,
            ledger,
            now: app.clock,
            log: request.log,
          },
          { form, fields, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), pageUrl: pageUrlOf(app, request) },
        );
        if (outcome.kind === 'sent') app.outbox.queued();
        if (!isFormNavigation(request)) return sidebarAnswer(outcome);
        if (outcome.kind === 'sent' && form.redirect !== null) return reply.code(303).header('location', form.redirect).send();
        const context = { head: await siteHead(app.config.staticRoot), back: backToFormHref(app, request, '/'), contactEmail: app.liveContent.current.company.email };
        const page = outcome.kind === 'sent' ? sidebarSentPage(form, context) : sidebarProblemPage(app.sidebarContact, form, outcome, fields, context);
        return reply.type('text/html; charset=utf-8').send(page);
      },
    },
  };

  // admin-ajax.php's errors are `{code, message}`, without the REST API's `data`.
  app.setErrorHandler(function ajaxErrors(error: FastifyError | RestError, request, reply) {
    const answerable = serviceErrorOf(error);
    if (answerable === null) throw error;
    if (answerable.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    retryAfterOf(answerable, reply);
    reply.code(answerable.statusCode).header('cache-control', 'no-store');
    if (isFormNavigation(request)) return refusalPage(app, request, reply, answerable);
    return reply.send({ code: answerable.code, message: answerable.message });
  });
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    // Before the body is read: only the media types a browser's form or jQuery sends.
    if (!isFormMediaType(request.headers['content-type'])) {
      throw httpErrors.unsupportedMediaType('unsupported_media_type', 'Send the request as application/x-www-form-urlencoded or multipart/form-data.');
    }
  };
  const limited = await perAddressLimit(app, app.config.feedbackRateLimit, SIDEBAR_RATE_LIMITED);
  // Counted once the body is read, and only for the sidebar's sends: the other actions are reads.
  const config =
    'rateLimit' in limited
      ? { rateLimit: { ...limited.rateLimit, hook: 'preHandler' as const, allowList: (request: FastifyRequest) => actionOf(request) !== SIDEBAR_SEND_ACTION } }
      : {};
  // The body is a form (`action`, `security`, the action's fields); an action answers HTML or JSON.
  const schema = { response: { 400: ajaxErrorSchema, 403: ajaxErrorSchema, 413: ajaxErrorSchema, 415: ajaxErrorSchema, 429: ajaxErrorSchema, 503: ajaxErrorSchema } };
  app.post(AJAX_PATH, { bodyLimit: AJAX_BODY_LIMIT, onRequest: [refuseCrossSite, onRequest], schema, config }, async (request, reply) => {
    const fields = formFieldsOf(request.body) ?? [];
    const name = fieldValue(fields, ADMIN_AJAX_ACTION_FIELD);
    const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
    if (action === undefined) {
      throw httpErrors.badRequest('unknown_action', name === '' ? 'No action was given.' : `Unknown action ${JSON.stringify(name.slice(0, 64))}.`);
    }
    const nonce = fieldValue(fields, ADMIN_AJAX_NONCE_FIELD);
    if (action.nonceActions.length > 0 && action.nonceActions.every((nonceAction) => app.nonces.verify(nonce, nonceAction, nonceBindingOf(request)) === false)) {
      throw httpErrors.forbidden('sib_invalid_nonce', INVALID_NONCE_MESSAGE);
    }
    return action.handle(fields, request, reply);
  });
}

/** A refusal of a browser's own POST (the rate limit, a form too large), as a page of its status with its words. */
async function refusalPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, refusal: RestError): Promise<FastifyReply> {
  const page = formAnswerPage({
    heading: 'Your message was not sent',
    paragraphs: [
      refusal.statusCode >= 500 ? 'Something went wrong on our side.' : refusal.message,
      'Nothing you typed was kept: go back, where your browser may still hold it, and send it again.',
      `You can also e-mail us at ${app.liveContent.current.company.email}.`,
    ],
    problems: [],
    sent: [],
    back: { href: backToFormHref(app, request, '/'), label: 'Back to the page' },
    head: await siteHead(app.config.staticRoot),
  });
  return reply.type('text/html; charset=utf-8').send(page);
}

function actionOf(request: FastifyRequest): string {
  return fieldValue(formFieldsOf(request.body) ?? [], ADMIN_AJAX_ACTION_FIELD);
}
