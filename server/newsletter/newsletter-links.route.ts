import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldValue, formFieldsOf, isFormMediaType, registerFormBodyParsers } from '../http/form-fields.ts';
import { tokenQuery } from '../http/route-schemas.ts';
import { consentOriginOf } from './consent-origin.ts';
import {
  CONFIRM_PATH,
  CONFIRMED_FALLBACK_PATH,
  LINK_EXPIRED_PATH,
  UNSUBSCRIBED_PATH,
  UNSUBSCRIBE_PATH,
} from './newsletter-mail.ts';
import { unsupportedMediaType } from './newsletter-answer.ts';
import { changeSummary, confirmPage, unsubscribePage } from './link-pages.ts';
import { siteHead } from '../http/site-page.ts';
import { confirmLinkOf, confirmSubscriber, subscriberOfUnsubscribeToken, unsubscribeSubscriber, type ConfirmLink } from './subscription-links.ts';
import { refuseCrossSite } from '../http/same-origin.ts';
import { brevoListsOf } from './brevo-sync.ts';

/** What the consent record says the subscriber used to leave. */
export const UNSUBSCRIBE_WORDING = {
  page: 'Pressed "Unsubscribe" on the unsubscribe page reached from the link in a newsletter mail.',
  oneClick: 'One-click unsubscribe from the mail program (RFC 8058 List-Unsubscribe-Post).',
} as const;

// The page's form posts one token; a mail program's one-click POST one short field.
const LINK_BODY_LIMIT = 4 * 1024;

interface TokenQuery {
  token?: string;
}

/**
 * The links in newsletter mail. `GET /newsletter/confirm/?token=` shows a page whose button
 * (`POST /newsletter/confirm/`) confirms a double opt-in, or a change a later sign-up asked
 * for, and sends the visitor to the form's "confirmed" page; `GET /newsletter/unsubscribe/?token=`
 * shows a page with an Unsubscribe button (a link alone never unsubscribes: scanners follow
 * links); `POST /newsletter/unsubscribe/` with the token (query or body) unsubscribes and
 * sends the visitor to the "unsubscribed" page, or, as RFC 8058's one-click POST
 * (`List-Unsubscribe=One-Click`), answers 200. A bad, forged or expired token goes to the
 * "link expired" page. Nothing here is cached.
 */
export default async function newsletterLinkRoutes(app: FastifyInstance): Promise<void> {
  const brevo = brevoListsOf(app.config);
  registerFormBodyParsers(app, LINK_BODY_LIMIT);
  // Only the form encodings are read here; anything else (JSON, which Fastify would parse) is
  // refused before a body is read, with the newsletter's code.
  const onRequest = async (request: FastifyRequest) => {
    if (!isFormMediaType(request.headers['content-type'])) throw unsupportedMediaType();
  };

  // The confirmation link shows a page whose button confirms: a link alone confirms nothing.
  app.get<{ Querystring: TokenQuery }>(CONFIRM_PATH, { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const token = tokenOf(request.query.token);
    const link = await confirmLinkOf(app.db, app.secrets, token, app.clock());
    if (link.kind !== 'pending') return seeOther(reply, spentLinkPath(link));
    const { subscriber, change } = link;
    const page = confirmPage({
      token,
      email: subscriber.email,
      change: subscriber.status === 'subscribed',
      summary: changeSummary(app.newsletterForms.find(change.formId), change),
      head: await siteHead(app.config.staticRoot),
    });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });

  app.post<{ Querystring: TokenQuery }>(CONFIRM_PATH, { bodyLimit: LINK_BODY_LIMIT, onRequest: [refuseCrossSite, onRequest], schema: { querystring: tokenQuery } }, async (request, reply) => {
    const fields = formFieldsOf(request.body) ?? [];
    const token = tokenOf(request.query.token) || tokenOf(fieldValue(fields, 'token'));
    const link = await confirmLinkOf(app.db, app.secrets, token, app.clock());
    if (link.kind !== 'pending') return seeOther(reply, spentLinkPath(link));
    if (await confirmSubscriber(app.db, link, { request: consentOriginOf(app.secrets, request), now: app.clock() }, brevo)) app.outbox.queued('brevo');
    return seeOther(reply, confirmedPath(link.change.formId));
  });

  /**
   * Where a confirmation link that confirms nothing now goes: one already used by a subscriber
   * with nothing else waiting lands on the "confirmed" page again (a second click is harmless);
   * any other (forged, expired, replaced by a later change, or the address left) on "link expired".
   */
  function spentLinkPath(link: Exclude<ConfirmLink, { kind: 'pending' }>): string {
    if (link.kind === 'spent' && link.subscriber.status === 'subscribed' && link.subscriber.pending_change === null) {
      return confirmedPath(link.subscriber.form_id);
    }
    return LINK_EXPIRED_PATH;
  }

  function confirmedPath(formId: number): string {
    return app.newsletterForms.find(formId)?.doubleOptIn?.confirmedPath ?? CONFIRMED_FALLBACK_PATH;
  }

  app.get<{ Querystring: TokenQuery }>(UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const token = tokenOf(request.query.token);
    const subscriber = await subscriberOfUnsubscribeToken(app.db, app.secrets, token, app.clock());
    if (subscriber === null) return seeOther(reply, LINK_EXPIRED_PATH);
    if (subscriber.status === 'unsubscribed') return seeOther(reply, UNSUBSCRIBED_PATH);
    const page = unsubscribePage({ token, email: subscriber.email, head: await siteHead(app.config.staticRoot) });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });

  app.post<{ Querystring: TokenQuery }>(UNSUBSCRIBE_PATH, { bodyLimit: LINK_BODY_LIMIT, onRequest: [refuseCrossSite, onRequest], schema: { querystring: tokenQuery } }, async (request, reply) => {
    const fields = formFieldsOf(request.body) ?? [];
    const token = tokenOf(request.query.token) || tokenOf(fieldValue(fields, 'token'));
    const oneClick = fieldValue(fields, 'List-Unsubscribe') === 'One-Click';
    const subscriber = await subscriberOfUnsubscribeToken(app.db, app.secrets, token, app.clock());
    if (subscriber === null) return seeOther(reply, LINK_EXPIRED_PATH);
    const queued = await unsubscribeSubscriber(
      app.db,
      subscriber,
      { wording: oneClick ? UNSUBSCRIBE_WORDING.oneClick : UNSUBSCRIBE_WORDING.page, request: consentOriginOf(app.secrets, request), now: app.clock() },
      brevo,
    );
    if (queued) app.outbox.queued('brevo');
    if (oneClick) return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Unsubscribed.\n');
    return seeOther(reply, UNSUBSCRIBED_PATH);
  });
}

/** A token is short ASCII; anything else (a repeated query parameter, a huge value) is no token. */
function tokenOf(value: unknown): string {
  return typeof value === 'string' && value.length <= 100 ? value : '';
}

function seeOther(reply: FastifyReply, path: string): FastifyReply {
  return reply.code(303).header('cache-control', 'no-store').header('location', path).send();
}
