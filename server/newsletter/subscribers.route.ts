import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONSOLE_API, CONSOLE_REFUSAL, EmptyBodyStruct } from '../../src/validation/console/console-api.ts';
import {
  SUBSCRIBERS_ERROR,
  SUBSCRIBERS_ROUTE,
  SubscribersBulkBodyStruct,
  UnsubscribeBodyStruct,
  type SubscribersBulkAnswer,
  ownerUnsubscribeWording,
  type SubscriberAnswer,
  type SubscribersPage,
} from '../../src/validation/newsletter/subscribers.protocol.ts';
import { recordAudit } from '../console/console-audit.ts';
import { consoleBody, idParam } from '../console/console-body.ts';
import { auditActorOf, consoleRoute } from '../console/console-guard.ts';
import { mailSetupOf } from '../mail/mail-health.ts';
import { RestError } from '../http/rest-error.ts';
import { filteredSubscribers, subscribersCsvChunks, type SubscriberFilter, type SubscribersCsvKind } from './list-subscribers.ts';
import { BULK_MAX } from '../../src/validation/shared/bulk-action.protocol.ts';
import { resendConfirmation } from './resend-confirmation.ts';
import { newsletterNames, parseSubscribersQuery, subscriberOf, subscriberRow, subscribersPage } from './subscriber-console.ts';
import { unsubscribeSubscriber } from './subscription-links.ts';
import { brevoListsOf } from './brevo-sync.ts';

/*
 * The subscribers' console routes (README.md, "The console"), below CONSOLE_API, each behind
 * the console's checks (server/console/console-guard.ts): staff and owners read the list and
 * each subscriber; only an owner resends a confirmation mail, unsubscribes someone at their
 * request and exports (personal data). Every action and export is in the audit log.
 */

const route = (path: string) => `${CONSOLE_API}${path}`;

const notFound = () => new RestError(404, CONSOLE_REFUSAL.notFound, 'There is no such subscriber.');

/** The subscriber id of the path: a positive 32-bit integer (the column's type), else no such subscriber. */
function subscriberId(request: FastifyRequest): number {
  const id = idParam((request.params as Record<string, string | undefined>).id);
  if (id > 2_147_483_647) throw notFound();
  return id;
}

const EXPORT_FILES: Record<SubscribersCsvKind, { route: string; name: string; bom: string }> = {
  // A byte order mark, so spreadsheets read the file as UTF-8; none for Brevo, whose import would read it into EMAIL.
  spreadsheet: { route: SUBSCRIBERS_ROUTE.exportSpreadsheet, name: 'subscribers', bom: '\uFEFF' },
  'mailing-service': { route: SUBSCRIBERS_ROUTE.exportMailingService, name: 'subscribers-for-brevo', bom: '' },
};

export default fp(
  async function subscribersRoutes(app: FastifyInstance) {
    const { db } = app;
    const names = () => newsletterNames(app.newsletterForms.all());

    async function answer(id: number): Promise<SubscriberAnswer> {
      const row = await subscriberRow(db, id);
      if (row === undefined) throw notFound();
      return { subscriber: await subscriberOf(db, names(), row, mailSetupOf(app.config), app.config.brevoApiKey !== null) };
    }

    app.get(route(SUBSCRIBERS_ROUTE.subscribers), consoleRoute('staff'), async (request): Promise<SubscribersPage> => {
      const { filter, page } = parseSubscribersQuery(request.query);
      return subscribersPage(db, names(), filter, page);
    });

    for (const [kind, file] of Object.entries(EXPORT_FILES) as Array<[SubscribersCsvKind, (typeof EXPORT_FILES)[SubscribersCsvKind]]>) {
      app.get(route(file.route), consoleRoute('owner'), async (request, reply: FastifyReply) => {
        const { filter } = parseSubscribersQuery(request.query, { ids: true });
        const who = auditActorOf(request);
        // The company's day (SITE_TIMEZONE), as yyyy-mm-dd.
        const day = new Intl.DateTimeFormat('en-CA', { timeZone: app.config.siteTimeZone }).format(app.clock());
        async function* chunks() {
          yield file.bom;
          yield* subscribersCsvChunks(db, filter, kind, { names: names(), timeZone: app.config.siteTimeZone }, async (rows, complete) => {
            // Also a download broken off: the rows that left, said to be interrupted.
            await recordAudit(db, who, { action: 'export', subject: 'subscribers', detail: { kind, filter, rows, ...(complete ? {} : { interrupted: true }) }, now: app.clock() });
          });
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.name}-${day}.csv"`)
          .header('x-content-type-options', 'nosniff')
          .send(Readable.from(chunks()));
      });
    }

    app.get(route(SUBSCRIBERS_ROUTE.subscriber), consoleRoute('staff'), async (request) => answer(subscriberId(request)));

    app.post(route(SUBSCRIBERS_ROUTE.resend), consoleRoute('owner'), async (request) => {
      const id = subscriberId(request);
      consoleBody(request, EmptyBodyStruct);
      const { config } = app;
      await resendConfirmation(
        { db, secrets: app.secrets, siteUrl: config.siteUrl, now: app.clock, domainMailLimit: config.newsletterDomainMailLimit, findForm: (formId) => app.newsletterForms.find(formId) },
        id,
        auditActorOf(request),
      );
      app.outbox.queued();
      return answer(id);
    });

    app.post(route(SUBSCRIBERS_ROUTE.unsubscribe), consoleRoute('owner'), async (request) => {
      const id = subscriberId(request);
      const { note } = consoleBody(request, UnsubscribeBodyStruct);
      const row = await subscriberRow(db, id);
      if (row === undefined) throw notFound();
      if (row.status === 'unsubscribed') throw new RestError(409, SUBSCRIBERS_ERROR.alreadyUnsubscribed, 'This person is already unsubscribed.');
      const now = app.clock();
      if (await unsubscribeSubscriber(db, row, { wording: ownerUnsubscribeWording(note), request: { ipHash: null, userAgent: null }, now }, brevoListsOf(app.config))) app.outbox.queued('brevo');
      await recordAudit(db, auditActorOf(request), { action: 'subscriber-unsubscribe', subject: `subscriber ${id}`, detail: { note: note.trim() }, now });
      return answer(id);
    });

    // One action on many subscribers (README.md, "The console": subscribers): one request, one
    // audit entry with the count; each subscriber changes as the same action on their page
    // would change them (an unsubscribe at their request, its consent record with the note,
    // Brevo told of those it had).
    app.post(route(SUBSCRIBERS_ROUTE.bulk), consoleRoute('owner'), async (request): Promise<SubscribersBulkAnswer> => {
      const { action, selection, note } = consoleBody(request, SubscribersBulkBodyStruct);
      const filter: SubscriberFilter = 'ids' in selection ? { ids: [...new Set(selection.ids)] } : parseSubscribersQuery(selection.filter).filter;
      const rows = await filteredSubscribers(db, filter).selectAll().orderBy('id').limit(BULK_MAX + 1).execute();
      if (rows.length > BULK_MAX) {
        throw new RestError(400, SUBSCRIBERS_ERROR.tooMany, `More than ${BULK_MAX} subscribers match: narrow the filter (status, list or address) and act on the rest after.`, { field: 'selection' });
      }
      const now = app.clock();
      const at = new Date(now).toISOString();
      // Those already unsubscribed are left as they are (and not counted as changed). Each one is
      // its own transaction: should one fail, those before it are done and the audit entry says
      // how far it went (`interrupted`), as an export broken off does.
      const leaving = rows.filter((row) => row.status !== 'unsubscribed');
      let brevoTold = false;
      let complete = false;
      let changed: number;
      try {
        for (const row of leaving) {
          if (await unsubscribeSubscriber(db, row, { wording: ownerUnsubscribeWording(note), request: { ipHash: null, userAgent: null }, now }, brevoListsOf(app.config))) brevoTold = true;
        }
        complete = true;
      } finally {
        // Changed: those this request unsubscribed (one unsubscribed meanwhile by their own link is not).
        changed = leaving.length === 0 ? 0 : Number((await db.selectFrom('newsletter_subscribers').select((eb) => eb.fn.countAll<number | string>().as('count')).where('id', 'in', leaving.map((row) => row.id)).where('unsubscribed_at', '=', at).executeTakeFirst())?.count ?? 0);
        if (brevoTold) app.outbox.queued('brevo');
        await recordAudit(db, auditActorOf(request), {
          action: 'subscribers-bulk',
          subject: `${rows.length} subscriber${rows.length === 1 ? '' : 's'}`,
          detail: { action, selected: rows.length, changed, note: note.trim(), ...('filter' in selection ? { filter: selection.filter } : {}), ...(complete ? {} : { interrupted: true }) },
          now,
        });
      }
      return { action, selected: rows.length, changed };
    });
  },
  { name: 'subscribers-routes', fastify: '5.x', dependencies: ['console-guard'] },
);
