import { sql, type Kysely } from 'kysely';
import { CONSOLE_API } from '../../src/validation/console/console-api.ts';
import { INBOX_ROUTE, type Delivery, type FormRef, type Message, type MessageSummary } from '../../src/validation/inbox/inbox.protocol.ts';
import type { Database } from '../db/types.ts';
import { postedText, storedObject, type IndexPart, type MessageCatalogue } from '../submissions/message-forms.ts';
import type { ListedRow } from './inbox-list.ts';

/*
 * Messages as the console shows them (README.md, "The inbox"): the form's title and labels
 * from the form definitions (server/submissions/message-forms.ts), the page it was sent from,
 * its files, and its mail's delivery from the outbox.
 */

export function formRef(catalogue: MessageCatalogue, formId: string): FormRef {
  return { id: formId, title: catalogue.find(formId)?.title ?? `Form ${formId}` };
}

/** Every form the inbox knows: the site's forms, then any stored messages name that it no longer has. */
export async function inboxForms(db: Kysely<Database>, catalogue: MessageCatalogue): Promise<FormRef[]> {
  // The distinct form ids by a walk of the (form_id, created_at) index, one step per form, not a scan of every row.
  const stored = (
    await sql<{ form_id: string | null }>`with recursive f(form_id) as (
      select min(form_id) from submissions
      union all
      select (select min(form_id) from submissions where form_id > f.form_id) from f where f.form_id is not null
    ) select form_id from f where form_id is not null`.execute(db)
  ).rows.map((row) => ({ form_id: row.form_id! }));
  const known = catalogue.forms.map((form) => ({ id: form.id, title: form.title }));
  const gone = stored.filter((row) => catalogue.find(row.form_id) === undefined).map((row) => formRef(catalogue, row.form_id));
  return [...known, ...gone.sort((a, b) => a.id.localeCompare(b.id))];
}

type OutboxDeliveryRow = { submission_id: number | null; attempts: number; created_at: string; delivered_at: string | null; failed_at: string | null; next_attempt_at: string; last_error: string | null };

const NO_DELIVERY: Delivery = { state: 'none', attempts: 0, queuedAt: null, sentAt: null, nextAttemptAt: null, lastError: null };

/** A message's delivery: its latest mail's (a released message's mail is its latest). */
export function deliveryOf(rows: readonly OutboxDeliveryRow[]): Delivery {
  const mail = rows[rows.length - 1];
  if (mail === undefined) return NO_DELIVERY;
  const state = mail.delivered_at !== null ? 'sent' : mail.failed_at !== null ? 'failed' : 'queued';
  return {
    state,
    attempts: mail.attempts,
    queuedAt: mail.created_at,
    sentAt: mail.delivered_at,
    nextAttemptAt: state === 'queued' ? mail.next_attempt_at : null,
    lastError: mail.last_error,
  };
}

/** The mail rows of some messages, oldest first, by message. */
async function mailRowsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, OutboxDeliveryRow[]>> {
  const byMessage = new Map<number, OutboxDeliveryRow[]>();
  if (ids.length === 0) return byMessage;
  const rows = await db
    .selectFrom('outbox')
    .select(['submission_id', 'attempts', 'created_at', 'delivered_at', 'failed_at', 'next_attempt_at', 'last_error'])
    .where('channel', '=', 'mail')
    .where('submission_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.submission_id!) ?? [];
    list.push(row);
    byMessage.set(row.submission_id!, list);
  }
  return byMessage;
}

const EXCERPT_LENGTH = 140;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

export async function summariesOf(db: Kysely<Database>, catalogue: MessageCatalogue, rows: readonly ListedRow[]): Promise<MessageSummary[]> {
  const ids = rows.map((row) => row.id);
  const mail = await mailRowsOf(db, ids);
  const files =
    ids.length === 0
      ? []
      : await db.selectFrom('submission_files').select(['submission_id']).select((eb) => eb.fn.countAll<number | string>().as('count')).where('submission_id', 'in', ids).groupBy('submission_id').execute();
  const fileCounts = new Map(files.map((row) => [row.submission_id, Number(row.count)]));
  return rows.map((row) => ({
    id: row.id,
    form: formRef(catalogue, row.form_id),
    receivedAt: row.created_at,
    name: row.name ?? '',
    email: row.email ?? '',
    subject: row.subject ?? '',
    excerpt: excerptOf(row.message ?? ''),
    read: row.read_at !== null,
    spam: row.spam === 1,
    spamReason: row.spam === 1 ? (row.spam_reason ?? 'spam') : null,
    delivery: deliveryOf(mail.get(row.id) ?? []).state,
    attachments: fileCounts.get(row.id) ?? 0,
  }));
}

export function attachmentUrl(messageId: number, fileId: number): string {
  return `${CONSOLE_API}${INBOX_ROUTE.attachment.replace(':id', String(messageId)).replace(':fileId', String(fileId))}`;
}

/** One message, whole; undefined when there is no such message. */
export async function messageOf(db: Kysely<Database>, catalogue: MessageCatalogue, id: number): Promise<Message | undefined> {
  const row = await db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) return undefined;
  const posted = storedObject(row.posted_data);
  const meta = storedObject(row.meta);
  const form = catalogue.find(row.form_id);
  const known = new Map((form?.fields ?? []).map((field) => [field.name, field]));
  const partOf = new Map(Object.entries(form?.parts ?? {}).map(([part, field]) => [field, part as IndexPart]));
  // The form's order first, then any field the form no longer has, under its own name.
  const order = [...(form?.fields ?? []).map((field) => field.name).filter((name) => name in posted), ...Object.keys(posted).filter((name) => !known.has(name))];
  const files = await db.selectFrom('submission_files').select(['id', 'field', 'original_name', 'media_type', 'size']).where('submission_id', '=', id).orderBy('id').execute();
  const mail = await mailRowsOf(db, [id]);
  const notes = await db.selectFrom('message_notes').select(['id', 'author', 'body', 'created_at']).where('submission_id', '=', id).orderBy('id').execute();
  return {
    id: row.id,
    form: formRef(catalogue, row.form_id),
    receivedAt: row.created_at,
    page: typeof meta.url === 'string' && meta.url !== '' ? meta.url : null,
    fields: order.map((name) => {
      const field = known.get(name);
      const part = partOf.get(name);
      return {
        name,
        label: field?.label ?? name,
        value: postedText(posted[name]),
        ...(field?.agreement === undefined ? {} : { agreement: field.agreement }),
        ...(part === undefined ? {} : { part }),
      };
    }),
    attachments: files.map((file) => ({ id: file.id, field: file.field, name: file.original_name, mediaType: file.media_type, size: file.size, url: attachmentUrl(row.id, file.id) })),
    read: row.read_at !== null,
    spam: row.spam === 1,
    spamReason: row.spam === 1 ? (row.spam_reason ?? 'spam') : null,
    delivery: deliveryOf(mail.get(id) ?? []),
    notes: notes.map((note) => ({ id: note.id, at: note.created_at, by: note.author, text: note.body })),
    answered: row.answered_at === null ? null : { at: row.answered_at, by: row.answered_by ?? '' },
  };
}
