import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { PersonRecords, Subject } from '../../src/validation/privacy/person-records.protocol.ts';
import { recordAudit, type AuditActor } from '../console/console-audit.ts';
import { forgetWritten } from '../db/forget-written.ts';
import type { Database, NewsletterSubscribersTable } from '../db/types.ts';
import { brevoOrderKey, isBrevoErasure, queueBrevoErasure, type BrevoLists } from '../newsletter/brevo-sync.ts';
import { deleteSubmissions } from '../submissions/delete-submissions.ts';
import type { MessageCatalogue } from '../submissions/message-forms.ts';
import { removeUploads } from '../submissions/upload-store.ts';

/*
 * Access and erasure (README, "Privacy"): everything the site holds about one person, found by
 * their e-mail address or SMS number — the messages they sent (their address in the e-mail
 * field or their number in the phone field that the message's form declares, as the inbox's
 * index reads them: server/submissions/message-forms.ts) with their files, others' messages
 * that only mention them (listed for review, never exported or erased), the newsletter subscriber
 * with its consent history and any change waiting, the mail and Brevo changes in the outbox
 * about them that no message holds, and a console account with the address (shown only: People
 * removes it). Export answers it all; erase removes it all in one transaction.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** `%`, `_` and `\` taken literally in a LIKE pattern (with `escape '\'`). */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const containsText = (column: string, text: string) => sql<boolean>`lower(${sql.ref(column)}) like ${likeText(text.toLowerCase())} escape '\\'`;

/**
 * Whether `text` names `value` as a whole address or number, not as part of a longer one:
 * `jo@example.com` is not in `maryjo@example.com` nor in `jo@example.com.au`, `+2782555` not in
 * `+27825550123`. The LIKE of the query only narrows the rows; this decides.
 */
export function mentions(text: string, value: string): boolean {
  const haystack = text.toLowerCase();
  const needle = value.toLowerCase();
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? '';
    const after = haystack[at + needle.length] ?? '';
    const next = haystack[at + needle.length + 1] ?? '';
    const joinedBefore = /[a-z0-9._%+-]/.test(before);
    const joinedAfter = /[a-z0-9_%+@-]/.test(after) || (after === '.' && /[a-z0-9]/.test(next));
    if (!joinedBefore && !joinedAfter) return true;
  }
  return false;
}

/** Whether any text a visitor posted (each field's value, not the stored JSON) names one of `values`. */
function postedMentions(postedData: string, values: readonly string[]): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(postedData);
  } catch {
    return values.some((value) => mentions(postedData, value));
  }
  const texts = typeof parsed === 'object' && parsed !== null ? Object.values(parsed).flat().map(String) : [String(parsed)];
  return texts.some((text) => values.some((value) => mentions(text, value)));
}

type SubscriberRow = Pick<
  Selectable<NewsletterSubscribersTable>,
  'id' | 'email' | 'status' | 'lists' | 'sms' | 'attributes' | 'dates' | 'form_id' | 'created_at' | 'updated_at' | 'confirmed_at' | 'unsubscribed_at' | 'pending_change' | 'brevo_synced_at' | 'brevo_error'
>;

export interface HeldRecords {
  subject: Subject;
  /**
   * Messages the person sent: their address is the value of the e-mail field, or their number of
   * the phone field, that the message's form declares (the inbox's index: submission_index).
   * Any other field is what a visitor typed about anyone: Carol may put Alice's address in the
   * company field, and the message is still Carol's.
   */
  messages: Array<{ id: number; form_id: string; status: string; posted_data: string; user_agent: string | null; created_at: string; spam: number; meta: string }>;
  files: Array<{ id: number; submission_id: number; field: string; stored_name: string; original_name: string; media_type: string; size: number; created_at: string }>;
  /**
   * Messages of others that only mention the address or number in what they wrote: listed for
   * the owner to review, never exported or erased with the person's (they are someone else's).
   */
  mentionedIn: Array<{ id: number; form_id: string; created_at: string }>;
  /** Every subscriber with the address or number (a number is not verified: several may share it). */
  subscribers: SubscriberRow[];
  consents: Array<{ subscriber_id: number; action: string; form_id: number | null; wording: string; lists: string; user_agent: string | null; created_at: string }>;
  outbox: Array<{ id: number; channel: string; to_address: string; subject: string; body: string; created_at: string; delivered_at: string | null; failed_at: string | null; request: string | null; order_key: string | null }>;
  consoleAccount: { email: string; role: string; created_at: string } | null;
}

/**
 * Everything held about `subject`. A message is theirs when its form's declared e-mail field
 * holds their address, or its phone field their number (the index keeps both, the number
 * without separators); a message naming them anywhere else is a mention. A number finds the
 * subscribers who gave it and the messages with it in the phone field; it never leads on to
 * what is held under those subscribers' addresses (a number is not verified: anyone may type
 * someone else's).
 */
export async function findPersonRecords(db: Db, subject: Subject): Promise<HeldRecords> {
  const value = subject.value;
  const subscribers = await db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'status', 'lists', 'sms', 'attributes', 'dates', 'form_id', 'created_at', 'updated_at', 'confirmed_at', 'unsubscribed_at', 'pending_change', 'brevo_synced_at', 'brevo_error'])
    .where(subject.kind === 'email' ? 'email' : 'sms', '=', value)
    .orderBy('id')
    .execute();

  const index = db.selectFrom('submission_index').select('submission_id as id');
  const byIndex = await (subject.kind === 'email' ? index.where(sql<string>`lower(email)`, '=', value) : index.where('phone', '=', value)).execute();
  const own = new Set(byIndex.map((row) => row.id));
  const candidates = (await db.selectFrom('submissions').select(['id', 'posted_data']).where(containsText('posted_data', value)).execute()).filter((row) => postedMentions(row.posted_data, [value]));
  const mentionIds = candidates.map((row) => row.id).filter((id) => !own.has(id));
  const ids = [...own].sort((a, b) => a - b);
  const messages = ids.length === 0 ? [] : await db.selectFrom('submissions').select(['id', 'form_id', 'status', 'posted_data', 'user_agent', 'created_at', 'spam', 'meta']).where('id', 'in', ids).orderBy('id').execute();
  const files = ids.length === 0 ? [] : await db.selectFrom('submission_files').select(['id', 'submission_id', 'field', 'stored_name', 'original_name', 'media_type', 'size', 'created_at']).where('submission_id', 'in', ids).orderBy('id').execute();
  const mentionedIn = mentionIds.length === 0 ? [] : await db.selectFrom('submissions').select(['id', 'form_id', 'created_at']).where('id', 'in', mentionIds).orderBy('id').execute();

  const subscriberIds = subscribers.map((row) => row.id);
  const consents =
    subscriberIds.length === 0
      ? []
      : await db.selectFrom('newsletter_consents').select(['subscriber_id', 'action', 'form_id', 'wording', 'lists', 'user_agent', 'created_at']).where('subscriber_id', 'in', subscriberIds).orderBy('id').execute();
  // Brevo's changes of these subscribers, and mail about the address or number that no message holds.
  const brevoKeys = subscribers.map((row) => brevoOrderKey(row.email));
  const outbox = await db
    .selectFrom('outbox')
    .select(['id', 'channel', 'to_address', 'subject', 'body', 'created_at', 'delivered_at', 'failed_at', 'request', 'order_key'])
    .where('submission_id', 'is', null)
    .where(({ or, eb }) => or([containsText('to_address', value), containsText('body', value), ...(brevoKeys.length === 0 ? [] : [eb('order_key', 'in', brevoKeys)])]))
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows.filter(
        (row) =>
          // An erasure's own DELETE for Brevo, still waiting: not something held, what removes it.
          !isBrevoErasure(row) && ((row.order_key !== null && brevoKeys.includes(row.order_key)) || mentions(row.to_address, value) || mentions(row.body, value)),
      ),
    );
  const consoleAccount =
    subject.kind === 'email' ? ((await db.selectFrom('console_people').select(['email', 'role', 'created_at']).where(sql<string>`lower(email)`, '=', value).executeTakeFirst()) ?? null) : null;
  return { subject, messages, files, mentionedIn, subscribers, consents, outbox, consoleAccount };
}

/** True when an erasure would remove anything. */
export const isErasable = (held: HeldRecords) => held.messages.length > 0 || held.subscribers.length > 0 || held.outbox.length > 0;

/** The console page's summary; `catalogue` names each message's form. */
export function recordsSummary(held: HeldRecords, catalogue: MessageCatalogue): PersonRecords {
  const formTitle = (formId: string) => catalogue.find(formId)?.title ?? `Form ${formId}`;
  return {
    subject: held.subject.value,
    messages: held.messages.map((message) => ({
      id: message.id,
      form: message.form_id,
      formTitle: formTitle(message.form_id),
      receivedAt: message.created_at,
      spam: Number(message.spam) === 1,
      files: held.files.filter((file) => file.submission_id === message.id).length,
    })),
    mentionedIn: held.mentionedIn.map((message) => ({ id: message.id, form: message.form_id, formTitle: formTitle(message.form_id), receivedAt: message.created_at })),
    subscribers: held.subscribers.map((subscriber) => ({
      id: subscriber.id,
      email: subscriber.email,
      status: subscriber.status,
      consents: held.consents.filter((consent) => consent.subscriber_id === subscriber.id).length,
      brevoSyncedAt: subscriber.brevo_synced_at,
      changeWaiting: subscriber.pending_change !== null,
    })),
    outbox: held.outbox.length,
    consoleAccount: held.consoleAccount !== null,
    erasable: isErasable(held),
  };
}

const parsed = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The archive's `records.json`: every record in full, its files named as the archive holds them. */
export function recordsDocument(held: HeldRecords, at: string): Record<string, unknown> {
  return {
    about: held.subject.value,
    exportedAt: at,
    messages: held.messages.map((message) => ({
      id: message.id,
      form: message.form_id,
      status: message.status,
      spam: Number(message.spam) === 1,
      receivedAt: message.created_at,
      fields: parsed(message.posted_data),
      details: parsed(message.meta),
      userAgent: message.user_agent,
      files: held.files.filter((file) => file.submission_id === message.id).map((file) => ({ field: file.field, name: file.original_name, type: file.media_type, size: file.size, inArchive: archiveFileName(file) })),
    })),
    newsletter: held.subscribers.map((subscriber) => ({
      email: subscriber.email,
      status: subscriber.status,
      lists: parsed(subscriber.lists),
      sms: subscriber.sms,
      attributes: parsed(subscriber.attributes),
      dates: parsed(subscriber.dates),
      signedUpAt: subscriber.created_at,
      confirmedAt: subscriber.confirmed_at,
      unsubscribedAt: subscriber.unsubscribed_at,
      changeWaiting: parsed(subscriber.pending_change),
      brevo: { syncedAt: subscriber.brevo_synced_at, error: subscriber.brevo_error },
      consentHistory: held.consents
        .filter((consent) => consent.subscriber_id === subscriber.id)
        .map((consent) => ({ action: consent.action, wording: consent.wording, lists: parsed(consent.lists), form: consent.form_id, userAgent: consent.user_agent, at: consent.created_at })),
    })),
    // Others' messages that mention them: named only (they are someone else's records).
    mentionedInMessagesOfOthers: held.mentionedIn.map((message) => ({ id: message.id, receivedAt: message.created_at })),
    outbox: held.outbox.map((row) => ({ channel: row.channel, to: row.to_address, subject: row.subject, body: row.body, queuedAt: row.created_at, deliveredAt: row.delivered_at, heldAsFailedAt: row.failed_at })),
    consoleAccount: held.consoleAccount,
  };
}

/** A file's name in the archive: its message and its own name, kept to safe characters. */
export function archiveFileName(file: { submission_id: number; id: number; original_name: string }): string {
  const safe = file.original_name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 120) || 'file';
  return `files/message-${file.submission_id}/${file.id}-${safe}`;
}

/**
 * The audit log keeps what the console was asked (an export's filter, a search): the subject
 * typed there is replaced, so the log says an export happened, not whom it looked for.
 */
async function redactAudit(trx: Transaction<Database>, value: string): Promise<void> {
  const rows = await trx.selectFrom('console_audit').select(['id', 'subject', 'detail']).where(({ or }) => or([containsText('detail', value), containsText('subject', value)])).execute();
  const pattern = new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  for (const row of rows) {
    await trx.updateTable('console_audit').set({ subject: row.subject.replace(pattern, '[erased]'), detail: row.detail.replace(pattern, '[erased]') }).where('id', '=', row.id).execute();
  }
}

/**
 * Erases everything `findPersonRecords` finds, in one transaction: the messages (with their
 * outbox, files' and index rows), the outbox rows about the person, the subscriber with its
 * consent history, and a DELETE of the Brevo contact queued (when Brevo is used) after every
 * earlier Brevo change of the address was dropped. The audit log records that an erasure
 * happened, never whose or what. Then the files go from disk and, on SQLite, the WAL is
 * checkpointed, so the rows are gone from the database's files too (secure_delete is on).
 */
export async function erasePersonRecords(
  db: Kysely<Database>,
  subject: Subject,
  { actor, brevo, uploadDir, now }: { actor: AuditActor; brevo: BrevoLists | null; uploadDir: string; now: number },
): Promise<{ erased: boolean; brevoQueued: boolean }> {
  const outcome = await db.transaction().execute(async (trx) => {
    const held = await findPersonRecords(trx, subject);
    if (!isErasable(held)) return { erased: false, brevoQueued: false, files: [] as Array<{ storedName: string }> };
    const files = await deleteSubmissions(trx, held.messages.map((message) => message.id));
    const outboxIds = held.outbox.map((row) => row.id);
    for (let start = 0; start < outboxIds.length; start += 500) await trx.deleteFrom('outbox').where('id', 'in', outboxIds.slice(start, start + 500)).execute();
    let brevoQueued = false;
    for (const subscriber of held.subscribers) {
      await trx.deleteFrom('newsletter_consents').where('subscriber_id', '=', subscriber.id).execute();
      await trx.deleteFrom('newsletter_subscribers').where('id', '=', subscriber.id).execute();
      brevoQueued = (await queueBrevoErasure(trx, brevo, subscriber.email, now)) || brevoQueued;
    }
    await redactAudit(trx, held.subject.value);
    await recordAudit(trx, actor, { action: 'erasure', subject: 'a person', detail: {}, now });
    return { erased: true, brevoQueued, files };
  });
  if (!outcome.erased) return { erased: false, brevoQueued: false };
  await removeUploads(uploadDir, outcome.files);
  await forgetWritten(db);
  return { erased: true, brevoQueued: outcome.brevoQueued };
}
