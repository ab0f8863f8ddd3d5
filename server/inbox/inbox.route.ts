import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validate, type Struct } from 'superstruct';
import { CONSOLE_API, CONSOLE_REFUSAL, EmptyBodyStruct } from '../../src/validation/console/console-api.ts';
import { BULK_MAX, INBOX_ERROR, INBOX_ROUTE, MAIL_RETRY_WAIT_SECONDS, AnsweredBodyStruct, BulkBodyStruct, type BulkAnswer, type BulkSelection, NoteBodyStruct, ReadBodyStruct, SpamBodyStruct, type InboxCounts, type InboxPage, type Message, type RetryAnswer } from '../../src/validation/inbox/inbox.protocol.ts';
import { auditActorOf, consoleRoute, roleAllows, signedIn } from '../console/console-guard.ts';
import { recordAudit } from '../console/console-audit.ts';
import { RestError } from '../http/rest-error.ts';
import { mailSetupOf } from '../mail/mail-health.ts';
import { awaitRetryOutcome, requeueMail, retryRefusedBySetup } from '../mail/retry-now.ts';
import type { SpamReleaser } from '../spam-release.ts';
import { deleteSubmissions } from '../submissions/delete-submissions.ts';
import { removeUploads, STORED_NAME_PATTERN, uploadPath } from '../submissions/upload-store.ts';
import { exportRows } from './inbox-export.ts';
import { inboxCounts, listMessages, listPage, parseInboxQuery, type InboxFilter } from './inbox-list.ts';
import { inboxForms, messageOf, summariesOf } from './inbox-messages.ts';
import { siteToday } from '../reports/site-days.ts';

/*
 * The inbox's routes (README.md, "The inbox"), below CONSOLE_API, each behind the console's
 * checks (server/console/console-guard.ts): staff read and handle messages, only an owner
 * deletes. Every action answers the message as it is now; the changes that matter are in the
 * audit log.
 */

export interface InboxRouteOptions {
  /** "Not spam": the release `npm run submissions -- --release` does (server/spam-release.ts). */
  releaseSpam: SpamReleaser;
}

const route = (path: string) => `${CONSOLE_API}${path}`;

const notFound = () => new RestError(404, CONSOLE_REFUSAL.notFound, 'There is no such message.');

/** A message id from the path: a positive 32-bit integer, else no such message. */
function messageId(request: FastifyRequest, name = 'id'): number {
  const raw = (request.params as Record<string, string>)[name] ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= 2_147_483_647)) throw notFound();
  return id;
}

function bodyOf<T>(request: FastifyRequest, struct: Struct<T>): T {
  const [error, value] = validate(request.body ?? null, struct);
  if (error !== undefined) {
    const field = error.path.length > 0 ? String(error.path.join('.')) : 'body';
    throw new RestError(400, CONSOLE_REFUSAL.invalidBody, `The request body is not valid: ${error.message}`, { field });
  }
  return value;
}

/**
 * `Content-Disposition: attachment` with the visitor's file name (RFC 6266): an ASCII
 * `filename` for old clients (anything else replaced by _) and the exact name as `filename*`
 * (RFC 8187 UTF-8 percent-encoding).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export default fp<InboxRouteOptions>(
  async function inboxRoutes(app: FastifyInstance, options) {
    const { db, messageCatalogue: catalogue } = app;
    const timeZone = app.config.siteTimeZone;

    async function currentMessage(id: number): Promise<{ message: Message }> {
      const message = await messageOf(db, catalogue, id);
      if (message === undefined) throw notFound();
      return { message };
    }

    async function existing(id: number) {
      const row = await db.selectFrom('submissions').select(['id', 'form_id', 'spam', 'created_at']).where('id', '=', id).executeTakeFirst();
      if (row === undefined) throw notFound();
      return row;
    }

    app.get(route(INBOX_ROUTE.messages), consoleRoute('staff'), async (request): Promise<InboxPage> => {
      const { filter, after } = parseInboxQuery(request.query, { cursor: true });
      const page = await listPage(db, filter, { timeZone, after });
      return { messages: await summariesOf(db, catalogue, page.rows), next: page.next, forms: await inboxForms(db, catalogue) };
    });

    app.get(route(INBOX_ROUTE.counts), consoleRoute('staff'), async (): Promise<InboxCounts> => inboxCounts(db));

    // The whole inbox in one file is the owner's, as the subscriber exports are (README.md, "The inbox"): staff read messages one at a time.
    app.get(route(INBOX_ROUTE.exportCsv), consoleRoute('owner'), async (request, reply: FastifyReply) => {
      const { filter } = parseInboxQuery(request.query, { cursor: false });
      const who = auditActorOf(request);
      const now = app.clock();
      const rows = exportRows(db, catalogue, filter, timeZone, async (count, complete) => {
        // Also a download broken off: the rows that left, said to be interrupted.
        await recordAudit(db, who, { action: 'export', subject: 'messages', detail: { filter, rows: count, ...(complete ? {} : { interrupted: true }) }, now: app.clock() });
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="messages-${siteToday(now, timeZone)}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(rows));
    });

    app.get(route(INBOX_ROUTE.message), consoleRoute('staff'), async (request) => currentMessage(messageId(request)));

    app.get(route(INBOX_ROUTE.attachment), consoleRoute('staff'), async (request, reply) => {
      const id = messageId(request);
      const fileId = messageId(request, 'fileId');
      // Only a file of this message: another message's file id is no such file here.
      const file = await db.selectFrom('submission_files').select(['stored_name', 'original_name', 'media_type', 'size']).where('id', '=', fileId).where('submission_id', '=', id).executeTakeFirst();
      if (file === undefined || !STORED_NAME_PATTERN.test(file.stored_name)) throw new RestError(404, CONSOLE_REFUSAL.notFound, 'There is no such attachment.');
      // Never shown inline: a download, its type not guessed, and sandboxed should a browser render it anyway.
      const onDisk = uploadPath(app.config.uploadDir, file.stored_name);
      if (!(await access(onDisk).then(() => true, () => false))) throw new RestError(404, CONSOLE_REFUSAL.notFound, 'This attachment\'s file is no longer kept (UPLOAD_RETAIN_DAYS).');
      return reply
        .type(file.media_type)
        .header('content-disposition', attachmentDisposition(file.original_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .send(createReadStream(onDisk));
    });

    app.post(route(INBOX_ROUTE.read), consoleRoute('staff'), async (request) => {
      const id = messageId(request);
      const { read } = bodyOf(request, ReadBodyStruct);
      await existing(id);
      await db
        .updateTable('submissions')
        .set({ read_at: read ? new Date(app.clock()).toISOString() : null })
        .where('id', '=', id)
        .$if(read, (query) => query.where('read_at', 'is', null))
        .execute();
      return currentMessage(id);
    });

    // An internal note (README.md, "The inbox"): who and when; its words stay out of the audit log.
    app.post(route(INBOX_ROUTE.notes), consoleRoute('staff'), async (request) => {
      const id = messageId(request);
      const { text } = bodyOf(request, NoteBodyStruct);
      if (text.trim() === '') throw new RestError(400, CONSOLE_REFUSAL.invalidBody, 'Write the note.', { field: 'text' });
      await existing(id);
      const now = app.clock();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('message_notes').values({ submission_id: id, author: signedIn(request).person.email, body: text.trim(), created_at: new Date(now).toISOString() }).execute();
        await recordAudit(trx, auditActorOf(request), { action: 'message-note', subject: `message ${id}`, detail: {}, now });
      });
      return currentMessage(id);
    });

    // "Mark as answered" (README.md, "The inbox"): who and when, audited; marking it again keeps the first.
    app.post(route(INBOX_ROUTE.answered), consoleRoute('staff'), async (request) => {
      const id = messageId(request);
      const { answered } = bodyOf(request, AnsweredBodyStruct);
      await existing(id);
      const now = app.clock();
      await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('submissions')
          .set(answered ? { answered_at: new Date(now).toISOString(), answered_by: signedIn(request).person.email } : { answered_at: null, answered_by: null })
          .where('id', '=', id)
          .where('answered_at', answered ? 'is' : 'is not', null)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) > 0) await recordAudit(trx, auditActorOf(request), { action: 'message-answered', subject: `message ${id}`, detail: { answered }, now });
      });
      return currentMessage(id);
    });

    app.post(route(INBOX_ROUTE.spam), consoleRoute('staff'), async (request) => {
      const id = messageId(request);
      const { spam } = bodyOf(request, SpamBodyStruct);
      const row = await existing(id);
      const who = auditActorOf(request);
      const now = app.clock();
      if (spam) {
        if (row.spam !== 1) {
          await db.transaction().execute(async (trx) => {
            await trx.updateTable('submissions').set({ spam: 1, status: 'spam', spam_reason: `marked as spam by ${signedIn(request).person.email}` }).where('id', '=', id).execute();
            // Its mail still waiting is not sent (mail already sent stays in the outbox's record).
            await trx.deleteFrom('outbox').where('submission_id', '=', id).where('channel', '=', 'mail').where('delivered_at', 'is', null).execute();
            await recordAudit(trx, who, { action: 'spam-mark', subject: `message ${id}`, detail: { form: row.form_id }, now });
          });
        }
        return currentMessage(id);
      }
      if (row.spam !== 1) throw new RestError(409, INBOX_ERROR.notSpam, 'This message is not marked as spam.');
      await options.releaseSpam(db, id, now);
      await recordAudit(db, who, { action: 'spam-release', subject: `message ${id}`, detail: { form: row.form_id }, now });
      app.outbox.queued();
      return currentMessage(id);
    });

    // "Try again now" answers what happened (README.md, "Mail health"): delivered, the mail server's answer, or why nothing could be tried.
    app.post(route(INBOX_ROUTE.retry), consoleRoute('staff'), async (request, reply): Promise<RetryAnswer> => {
      const id = messageId(request);
      bodyOf(request, EmptyBodyStruct);
      await existing(id);
      const now = app.clock();
      const waiting = await db.selectFrom('outbox').select(['id', 'failed_at', 'to_address']).where('submission_id', '=', id).where('channel', '=', 'mail').where('delivered_at', 'is', null).execute();
      if (waiting.length === 0) throw new RestError(409, INBOX_ERROR.nothingToRetry, 'This message has no mail waiting to be sent.');
      await db.transaction().execute(async (trx) => {
        await requeueMail(trx, waiting, now);
        await recordAudit(trx, auditActorOf(request), { action: 'mail-retry', subject: `message ${id}`, detail: { mails: waiting.length }, now });
      });
      app.outbox.queued();
      const refused = retryRefusedBySetup(mailSetupOf(app.config), waiting);
      // Until the answer, or the browser is gone.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const retry = refused ?? (await awaitRetryOutcome(db, waiting.map((mail) => mail.id), MAIL_RETRY_WAIT_SECONDS * 1000, gone.signal));
      return { ...(await currentMessage(id)), retry };
    });

    /** The ids a bulk action is on: those chosen that exist, or every message of the filter; more than BULK_MAX is refused. */
    async function selectedIds(selection: BulkSelection): Promise<number[]> {
      const filter: InboxFilter = 'ids' in selection ? { state: 'all', ids: [...new Set(selection.ids)] } : parseInboxQuery(selection.filter, { cursor: false }).filter;
      const rows = await listMessages(db, filter, { timeZone, after: null, limit: BULK_MAX + 1 });
      if (rows.length > BULK_MAX) {
        throw new RestError(400, INBOX_ERROR.tooMany, `More than ${BULK_MAX} messages match: narrow the filter (dates, form or search) and act on the rest after.`, { field: 'selection' });
      }
      return rows.map((row) => row.id);
    }

    // One action on many messages (README.md, "The inbox"): one request, one audit entry with
    // the count; each message changes as the same action on it alone would change it.
    app.post(route(INBOX_ROUTE.bulk), consoleRoute('staff'), async (request): Promise<BulkAnswer> => {
      const { action, selection } = bodyOf(request, BulkBodyStruct);
      const { person } = signedIn(request);
      if (action === 'delete' && !roleAllows(person.role, 'owner')) throw new RestError(403, CONSOLE_REFUSAL.wrongRole, 'Only an owner deletes messages.');
      const ids = await selectedIds(selection);
      const who = auditActorOf(request);
      const now = app.clock();
      const at = new Date(now).toISOString();
      const answer = (changed: number): BulkAnswer => ({ action, selected: ids.length, changed });
      if (ids.length === 0) return answer(0);
      const audit = (trx: typeof db, changed: number) =>
        recordAudit(trx, who, { action: 'messages-bulk', subject: `${ids.length} message${ids.length === 1 ? '' : 's'}`, detail: { action, selected: ids.length, changed, ...('filter' in selection ? { filter: selection.filter } : {}) }, now });
      const updated = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);
      switch (action) {
        case 'read':
        case 'unread': {
          const read = action === 'read';
          return answer(
            await db.transaction().execute(async (trx) => {
              const changed = updated(await trx.updateTable('submissions').set({ read_at: read ? at : null }).where('id', 'in', ids).where('read_at', read ? 'is' : 'is not', null).executeTakeFirst());
              await audit(trx, changed);
              return changed;
            }),
          );
        }
        case 'answered':
        case 'unanswered': {
          const answered = action === 'answered';
          return answer(
            await db.transaction().execute(async (trx) => {
              const changed = updated(
                await trx
                  .updateTable('submissions')
                  .set(answered ? { answered_at: at, answered_by: person.email } : { answered_at: null, answered_by: null })
                  .where('id', 'in', ids)
                  .where('answered_at', answered ? 'is' : 'is not', null)
                  .executeTakeFirst(),
              );
              await audit(trx, changed);
              return changed;
            }),
          );
        }
        case 'spam':
          return answer(
            await db.transaction().execute(async (trx) => {
              const marking = (await trx.selectFrom('submissions').select('id').where('id', 'in', ids).where('spam', '<>', 1).execute()).map((row) => row.id);
              if (marking.length > 0) {
                await trx.updateTable('submissions').set({ spam: 1, status: 'spam', spam_reason: `marked as spam by ${person.email}` }).where('id', 'in', marking).execute();
                // Their mail still waiting is not sent, as for one message.
                await trx.deleteFrom('outbox').where('submission_id', 'in', marking).where('channel', '=', 'mail').where('delivered_at', 'is', null).execute();
              }
              await audit(trx, marking.length);
              return marking.length;
            }),
          );
        case 'not-spam': {
          const releasing = (await db.selectFrom('submissions').select('id').where('id', 'in', ids).where('spam', '=', 1).execute()).map((row) => row.id);
          // Each released as "Not spam" on it alone releases it: its mail goes out. Should one
          // fail, those before it are released, and the audit entry says how far it went.
          let released = 0;
          try {
            for (const id of releasing) {
              await options.releaseSpam(db, id, now);
              released += 1;
            }
          } finally {
            await recordAudit(db, who, { action: 'messages-bulk', subject: `${ids.length} message${ids.length === 1 ? '' : 's'}`, detail: { action, selected: ids.length, changed: released, ...('filter' in selection ? { filter: selection.filter } : {}), ...(released === releasing.length ? {} : { interrupted: true }) }, now });
            if (released > 0) app.outbox.queued();
          }
          return answer(released);
        }
        case 'delete': {
          const files = await db.transaction().execute(async (trx) => {
            const stored = await deleteSubmissions(trx, ids);
            await audit(trx, ids.length);
            return stored;
          });
          await removeUploads(app.config.uploadDir, files);
          return answer(ids.length);
        }
      }
    });

    app.post(route(INBOX_ROUTE.delete), consoleRoute('owner'), async (request) => {
      const id = messageId(request);
      bodyOf(request, EmptyBodyStruct);
      const row = await existing(id);
      const files = await db.transaction().execute(async (trx) => {
        const stored = await deleteSubmissions(trx, [id]);
        await recordAudit(trx, auditActorOf(request), { action: 'deletion', subject: `message ${id}`, detail: { form: row.form_id, receivedAt: row.created_at, files: stored.length }, now: app.clock() });
        return stored;
      });
      // After the commit: a file is never gone while its message still refers to it.
      await removeUploads(app.config.uploadDir, files);
      return { ok: true as const };
    });
  },
  { name: 'inbox-routes', fastify: '5.x', dependencies: ['console-guard', 'submission-writer'] },
);
