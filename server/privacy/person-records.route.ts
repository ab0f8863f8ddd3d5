import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONSOLE_API } from '../../src/validation/console/console-api.ts';
import { EraseBodyStruct, PERSON_RECORDS_ERROR, PERSON_RECORDS_ROUTE, parseSubject, SubjectMessage, type PersonRecords, type Subject } from '../../src/validation/privacy/person-records.protocol.ts';
import { recordAudit } from '../console/console-audit.ts';
import { consoleBody } from '../console/console-body.ts';
import { auditActorOf, consoleRoute } from '../console/console-guard.ts';
import { RestError } from '../http/rest-error.ts';
import { brevoListsOf } from '../newsletter/brevo-sync.ts';
import { erasePersonRecords, findPersonRecords, recordsSummary } from './person-records.ts';
import { recordsArchive } from './records-archive.ts';
import { newsletterNames } from '../newsletter/subscriber-console.ts';

/*
 * Access and erasure in the console (README, "Privacy"), below CONSOLE_API, owners only, behind
 * the console's checks (server/console/console-guard.ts): what is held about one person, one
 * archive of it for an access request, and its erasure. The subject travels in the query of GETs
 * (the request log keeps no query, README "Privacy") and in the body of the erasure.
 */

const route = (path: string) => `${CONSOLE_API}${path}`;

function subjectOf(text: unknown, field: string): Subject {
  const subject = typeof text === 'string' ? parseSubject(text) : null;
  if (subject === null) throw new RestError(400, PERSON_RECORDS_ERROR.invalidSubject, SubjectMessage, { field });
  return subject;
}

const querySubject = (request: FastifyRequest) => subjectOf((request.query as Record<string, unknown>).subject, 'subject');

export default fp(
  async function personRecordsRoutes(app: FastifyInstance) {
    const { db } = app;

    app.get(route(PERSON_RECORDS_ROUTE.records), consoleRoute('owner'), async (request): Promise<PersonRecords> => recordsSummary(await findPersonRecords(db, querySubject(request)), app.messageCatalogue));

    app.get(route(PERSON_RECORDS_ROUTE.export), consoleRoute('owner'), async (request, reply) => {
      const held = await findPersonRecords(db, querySubject(request));
      const now = app.clock();
      const words = { catalogue: app.messageCatalogue, newsletter: newsletterNames(app.newsletterForms.all()), timeZone: app.config.siteTimeZone, company: app.liveContent.current.company.name };
      const archive = await recordsArchive(held, app.config.uploadDir, new Date(now).toISOString(), words);
      // Who asked is in the audit log; whose records they were is not (an erasure may follow).
      await recordAudit(db, auditActorOf(request), { action: 'access-export', subject: 'a person', detail: { messages: held.messages.length, subscribers: held.subscribers.length }, now });
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: app.config.siteTimeZone }).format(now);
      return reply.type('application/zip').header('content-disposition', `attachment; filename="access-request-${day}.zip"`).header('x-content-type-options', 'nosniff').send(archive);
    });

    app.post(route(PERSON_RECORDS_ROUTE.erase), consoleRoute('owner'), async (request) => {
      const body = consoleBody(request, EraseBodyStruct);
      const subject = subjectOf(body.subject, 'subject');
      const confirmed = parseSubject(body.confirm);
      if (confirmed === null || confirmed.kind !== subject.kind || confirmed.value !== subject.value) {
        throw new RestError(400, PERSON_RECORDS_ERROR.notConfirmed, 'Type the same address or number again to confirm the erasure.', { field: 'confirm' });
      }
      const { erased, brevoQueued } = await erasePersonRecords(db, subject, { actor: auditActorOf(request), brevo: brevoListsOf(app.config), uploadDir: app.config.uploadDir, now: app.clock() });
      if (!erased) throw new RestError(409, PERSON_RECORDS_ERROR.nothingHeld, 'Nothing that can be erased is held about this address or number.');
      if (brevoQueued) app.outbox.queued('brevo');
      return { erased: true as const };
    });
  },
  { name: 'person-records-routes', fastify: '5.x', dependencies: ['console-guard'] },
);
