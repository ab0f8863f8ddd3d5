import type { Kysely, Selectable, Transaction } from 'kysely';
import { contentDocuments, isDocumentName, type DocumentName } from '../../content/content-documents.ts';
import type { Author, DocumentSummary, Problem, ScheduledChange, SearchAnswer } from '../../src/validation/content-editor/content-editor.protocol.ts';
import { placesIn, SEARCH_PLACES_MAX } from '../../src/validation/content-editor/content-search.ts';
import { SCHEDULES_WAITING_MAX } from '../../src/validation/content-editor/content-editor.protocol.ts';
import { mayEditContent } from '../console/content-editing.ts';
import { newProjectProblems } from '../../src/validation/content-editor/new-project.ts';
import type { ContentSchedulesTable, Database } from '../db/types.ts';
import { addProjectLocked, documentSummaries, draftProblems, lockPublishing, publishLocked, readLiveContent, repositoryOnlyProblems, type PublishChecks } from './content-store.ts';

/*
 * Scheduled publishing (README.md, "Editing the site"): a draft (or a new project) is checked
 * when it is scheduled, as a publish would be, and stored with its time in content_schedules.
 * The jobs process calls publishDue every SCHEDULE_POLL_MS; each change whose time has come is
 * published in one transaction that takes the publish lock, moves it from `waiting` to
 * `published` only if it is still waiting, and stores the revision: of any number of processes
 * and servers on one database, exactly one publishes it (PostgreSQL: the advisory lock; SQLite:
 * its one writer). A change that can no longer be published as it was checked (someone
 * published the document since it was scheduled; it is no longer valid with what is live) is
 * `failed` with why, and nothing is published: it was not the change its author saw.
 */

/** How often the jobs process looks for changes whose time has come. */
export const SCHEDULE_POLL_MS = 15_000;
/** The most changes done (published, failed, cancelled) the list shows after the waiting ones. */
export const SCHEDULES_DONE_LISTED = 20;

type Db = Kysely<Database> | Transaction<Database>;
type Row = Selectable<ContentSchedulesTable>;

export type ScheduleOutcome = { status: 'scheduled'; change: ScheduledChange } | { status: 'tooMany' } | { status: 'conflict'; current: DocumentSummary } | { status: 'invalid'; problems: Problem[] } | { status: 'notEditable'; problems: Problem[] };

/** A row as the console reads it (never its draft). */
function changeOf(row: Omit<Row, 'body'>): ScheduledChange {
  const name: DocumentName = isDocumentName(row.document) ? row.document : 'projects';
  return {
    id: Number(row.id),
    kind: row.kind,
    name,
    title: contentDocuments[name].title,
    note: row.note,
    publishAt: row.publish_at,
    createdAt: row.created_at,
    by: { id: row.author_id === null ? null : Number(row.author_id), name: row.author_name },
    state: row.state,
    revision: row.revision === null ? null : Number(row.revision),
    problem: row.problem,
    doneAt: row.done_at,
    doneBy: row.done_by,
  };
}

/** Stores a checked change as waiting, and its audit entry (onStored) in the same transaction. */
async function storeChange(
  trx: Transaction<Database>,
  what: { kind: Row['kind']; document: string; body: unknown; baseRevision: number | null },
  input: ScheduleInput,
): Promise<ScheduleOutcome> {
  const waiting = await trx.selectFrom('content_schedules').select((eb) => eb.fn.countAll().as('count')).where('state', '=', 'waiting').executeTakeFirst();
  if (Number(waiting?.count ?? 0) >= SCHEDULES_WAITING_MAX) return { status: 'tooMany' };
  const row = await trx
    .insertInto('content_schedules')
    .values({
      kind: what.kind,
      document: what.document,
      body: JSON.stringify(what.body),
      base_revision: what.baseRevision,
      note: input.note,
      author_id: input.author.id,
      author_name: input.author.name,
      publish_at: new Date(input.publishAt).toISOString(),
      created_at: new Date(input.now).toISOString(),
      state: 'waiting',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const change = changeOf(row);
  await input.onStored?.(trx, change);
  return { status: 'scheduled', change };
}

export interface ScheduleInput {
  author: Author;
  note: string;
  /** When it goes live (checked by the caller: publish-at.ts). */
  publishAt: number;
  now: number;
  /** Runs in the transaction once it is stored (the audit entry). */
  onStored?: (trx: Transaction<Database>, change: ScheduledChange) => Promise<void>;
}

/** A document's draft to be published at `publishAt`: refused now for what a publish now would refuse. */
export async function scheduleDocument(
  db: Kysely<Database>,
  input: ScheduleInput & { name: DocumentName; document: unknown; baseRevision: number },
  { imageKeys }: Pick<PublishChecks, 'imageKeys'>,
): Promise<ScheduleOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockPublishing(trx);
    const notEditable = repositoryOnlyProblems(input.name, input.document);
    if (notEditable.length > 0) return { status: 'notEditable', problems: notEditable };
    const current = (await documentSummaries(trx)).find((summary) => summary.name === input.name);
    if (current !== undefined && current.revision !== input.baseRevision) return { status: 'conflict', current };
    const problems = draftProblems(await readLiveContent(trx), input.name, input.document, imageKeys);
    if (problems.length > 0) return { status: 'invalid', problems };
    return storeChange(trx, { kind: 'document', document: input.name, body: input.document, baseRevision: input.baseRevision }, input);
  });
}

/** A new project to be added at `publishAt`: its own problems refused now (the checks between documents run when it is added). */
export async function scheduleProject(db: Kysely<Database>, input: ScheduleInput & { project: unknown }): Promise<ScheduleOutcome> {
  return db.transaction().execute(async (trx) => {
    // Under the publish lock, as a document's: the count of waiting changes is one at a time.
    await lockPublishing(trx);
    const problems = newProjectProblems(input.project, await readLiveContent(trx));
    if (problems.length > 0) return { status: 'invalid', problems };
    return storeChange(trx, { kind: 'project', document: 'projects', body: input.project, baseRevision: null }, input);
  });
}

/** The changes waiting, soonest first, then the latest SCHEDULES_DONE_LISTED done, newest first. */
export async function listSchedules(db: Db): Promise<ScheduledChange[]> {
  // Not the drafts themselves: the list says what, when and who.
  const columns = ['id', 'kind', 'document', 'base_revision', 'note', 'author_id', 'author_name', 'publish_at', 'created_at', 'state', 'revision', 'problem', 'done_at', 'done_by'] as const;
  const waiting = await db.selectFrom('content_schedules').select(columns).where('state', '=', 'waiting').orderBy('publish_at').orderBy('id').limit(SCHEDULES_WAITING_MAX).execute();
  const done = await db.selectFrom('content_schedules').select(columns).where('state', '!=', 'waiting').orderBy('done_at', 'desc').orderBy('id', 'desc').limit(SCHEDULES_DONE_LISTED).execute();
  return [...waiting, ...done].map(changeOf);
}

export type CancelOutcome = { status: 'cancelled'; change: ScheduledChange } | { status: 'unknown' } | { status: 'notWaiting'; change: ScheduledChange };

/** Cancels a waiting change (under the publish lock: never one being published). */
export async function cancelSchedule(db: Kysely<Database>, id: number, { by, now, onStored }: { by: string; now: number; onStored?: (trx: Transaction<Database>, change: ScheduledChange) => Promise<void> }): Promise<CancelOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockPublishing(trx);
    const updated = await trx
      .updateTable('content_schedules')
      .set({ state: 'cancelled', done_at: new Date(now).toISOString(), done_by: by })
      .where('id', '=', id)
      .where('state', '=', 'waiting')
      .executeTakeFirst();
    const row = await trx.selectFrom('content_schedules').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) return { status: 'unknown' };
    const change = changeOf(row);
    if (Number(updated.numUpdatedRows) === 0) return { status: 'notWaiting', change };
    await onStored?.(trx, change);
    return { status: 'cancelled', change };
  });
}

/** Why a change was not published, in its author's words. */
function problemText(outcome: { status: string; problems?: Problem[] }, change: Row): string {
  if (outcome.status === 'conflict') return `${contentDocuments[isDocumentName(change.document) ? change.document : 'projects'].title} was published after this change was scheduled, so it was not published over it; open the document, make the change again and publish or schedule it.`;
  const problems = outcome.problems ?? [];
  return `It is no longer valid with what is live: ${problems.map((problem) => (problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`)).join(' ')}`;
}

/**
 * Publishes every change whose time has come, each in its own transaction (see above); the
 * revisions published, in order, for the caller to make live.
 */
export async function publishDue(
  db: Kysely<Database>,
  { now, checks, onError }: { now: number; checks: (change: ScheduledChange) => PublishChecks; onError: (id: number, error: unknown) => void },
): Promise<Array<{ change: ScheduledChange; revision: number | null }>> {
  const due = await db.selectFrom('content_schedules').select('id').where('state', '=', 'waiting').where('publish_at', '<=', new Date(now).toISOString()).orderBy('publish_at').orderBy('id').execute();
  const done: Array<{ change: ScheduledChange; revision: number | null }> = [];
  for (const { id } of due) {
    // One change that throws (the database, a check) is tried again at the next run; it never holds up the others.
    const result = await publishOne(db, Number(id), now, checks).catch((error: unknown) => {
      onError(Number(id), error);
      return null;
    });
    if (result !== null) done.push(result);
  }
  return done;
}

/** Whether the author may still publish: not removed, and an owner or staff while owners allow staff to edit. */
async function authorMayPublish(trx: Transaction<Database>, authorId: number | null): Promise<boolean> {
  if (authorId === null) return true;
  const person = await trx.selectFrom('console_people').select(['role', 'revoked_at']).where('id', '=', authorId).executeTakeFirst();
  if (person === undefined || person.revoked_at !== null) return false;
  return mayEditContent(trx, person.role);
}

async function publishOne(db: Kysely<Database>, id: number, now: number, checks: (change: ScheduledChange) => PublishChecks): Promise<{ change: ScheduledChange; revision: number | null } | null> {
  return db.transaction().execute(async (trx) => {
    await lockPublishing(trx);
    // Still waiting, under the lock: another process or server has not published it, nobody cancelled it.
    const row = await trx.selectFrom('content_schedules').selectAll().where('id', '=', id).where('state', '=', 'waiting').executeTakeFirst();
    if (row === undefined) return null;
    const change = changeOf(row);
    const author = { id: row.author_id === null ? null : Number(row.author_id), name: row.author_name };
    const doneAt = new Date(now).toISOString();
    // Rights are those at its time: a person removed, or staff no longer allowed to edit, publishes nothing.
    if (!(await authorMayPublish(trx, author.id))) {
      const problem = `${row.author_name} may no longer publish the site's content, so it was not published; someone who may can make the change again.`;
      await trx.updateTable('content_schedules').set({ state: 'failed', problem, done_at: doneAt }).where('id', '=', id).execute();
      return { change: { ...change, state: 'failed' as const, problem, doneAt }, revision: null };
    }
    const body: unknown = JSON.parse(row.body);
    const outcome =
      row.kind === 'project'
        ? await addProjectLocked(trx, { project: body, note: row.note, author, now }, checks(change))
        : await publishLocked(trx, { name: change.name, document: body, note: row.note, baseRevision: Number(row.base_revision ?? 0), author, now }, checks(change));
    if (outcome.status === 'published') {
      await trx.updateTable('content_schedules').set({ state: 'published', revision: outcome.revision, done_at: doneAt }).where('id', '=', id).execute();
      return { change: { ...change, state: 'published' as const, revision: outcome.revision, doneAt }, revision: outcome.revision };
    }
    const problem = problemText(outcome, row);
    await trx.updateTable('content_schedules').set({ state: 'failed', problem, done_at: doneAt }).where('id', '=', id).execute();
    return { change: { ...change, state: 'failed' as const, problem, doneAt }, revision: null };
  });
}

/** The waiting drafts that have `text`, soonest first, each with its places (a project: as its card and page, `card.…`, `page.…`). */
export async function searchWaiting(db: Db, text: string): Promise<SearchAnswer['drafts']> {
  const rows = await db.selectFrom('content_schedules').selectAll().where('state', '=', 'waiting').orderBy('publish_at').orderBy('id').limit(SCHEDULES_WAITING_MAX).execute();
  let room = SEARCH_PLACES_MAX;
  return rows.flatMap((row) => {
    const change = changeOf(row);
    if (room <= 0) return [];
    const places = placesIn(change.name, JSON.parse(row.body), text, room);
    room -= places.length;
    return places.length === 0 ? [] : [{ id: change.id, name: change.name, title: change.kind === 'project' ? 'A new project' : change.title, publishAt: change.publishAt, places }];
  });
}
