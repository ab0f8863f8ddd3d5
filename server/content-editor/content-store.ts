import { isDeepStrictEqual } from 'node:util';
import { sql, type Kysely, type Transaction } from 'kysely';
import { contentDocuments, DOCUMENT_NAMES, isDocumentName, type DocumentName, type SiteContent } from '../../content/content-documents.ts';
import { repositoryContent } from '../../content/repository-content.ts';
import { crossCheckDocuments } from '../../content/validate-content.ts';
import type { Author, DocumentAnswer, DocumentSummary, Problem, PublishAnswer, ReplaceAnswer, ReplaceProblem, RevisionSummary, SearchAnswer } from '../../src/validation/content-editor/content-editor.protocol.ts';
import { countPlacesIn, placesIn, replacedIn, SEARCH_PLACES_MAX } from '../../src/validation/content-editor/content-search.ts';
import { documentProblems } from '../../src/validation/content-editor/document-problems.ts';
import { newProjectAddress, newProjectPath, newProjectProblems, withNewProject, type NewProject } from '../../src/validation/content-editor/new-project.ts';
import { repositoryOnlyChanges, withRepositoryOnlyParts } from '../../src/validation/content-editor/repository-only-parts.ts';
import { dialectOf } from '../db/dialect.ts';
import { pruneRevisions } from './revision-bound.ts';
import type { ContentRevisionsTable, Database } from '../db/types.ts';

/*
 * The content store (README.md, "Editing the site"): every publish is a row of
 * content_revisions, whose id is the one global revision sequence (the API's key) and whose
 * number counts that document's revisions, 1, 2, 3… (what the console shows: migration 0034). A document's live revision
 * is its highest id (0: none stored, the repository's content/documents/); the live content is
 * the repository's with each stored document's latest revision put in. Nothing is ever
 * updated: a restore publishes an older document again, as a new revision; a document's oldest
 * revisions past its bound are deleted when a new one is stored (revision-bound.ts). The parts
 * only the repository sets (the contact form's API actions and allowed hosts:
 * src/validation/content-editor/repository-only-parts.ts) are never published, and the live
 * content has the repository's, whatever a stored revision holds.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface PublishInput {
  name: DocumentName;
  document: unknown;
  note: string;
  /** The document's revision the draft started from. */
  baseRevision: number;
  author: Author;
  now: number;
}

export interface PublishChecks {
  /** The pictures a document may show (content/validate-content.ts checks every `{key, alt}`). */
  imageKeys: ReadonlySet<string>;
  /** Runs in the revision's transaction once it is stored (the audit entry). */
  onStored?: (trx: Transaction<Database>, revision: number, name: DocumentName) => Promise<void>;
}

export type PublishOutcome =
  | ({ status: 'published' } & PublishAnswer)
  /** The document was published since the draft's base: the live one's summary. */
  | { status: 'conflict'; current: DocumentSummary }
  | { status: 'invalid'; problems: Problem[] }
  /** The draft changes a part only the repository sets: each such field. */
  | { status: 'notEditable'; problems: Problem[] };

export type RestoreOutcome = PublishOutcome | { status: 'unknown' };

type Row = Pick<ContentRevisionsTable, 'document' | 'note' | 'author_id' | 'author_name' | 'created_at'> & { id: number; number: number };

const authorOf = (row: Row): Author => ({ id: row.author_id, name: row.author_name });

/** What a revision's summary reads (everything but the body). */
const SUMMARY_COLUMNS = ['id', 'number', 'document', 'note', 'author_id', 'author_name', 'created_at'] as const;

/** PostgreSQL's aggregates and some drivers answer ids as strings: a row with a numeric id. */
const rowOf = <R extends { id: number | string; number: number | string }>(row: R): R & { id: number; number: number } => ({ ...row, id: Number(row.id), number: Number(row.number) });

/** The site's live revision: the highest stored, or 0. */
export async function liveRevision(db: Db): Promise<number> {
  const row = await db.selectFrom('content_revisions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** A document's live revision: its highest stored, or 0 (the repository's). */
export async function documentRevision(db: Db, name: DocumentName): Promise<number> {
  const row = await db.selectFrom('content_revisions').select((eb) => eb.fn.max('id').as('id')).where('document', '=', name).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Each stored document's latest revision, one query (the (document, id) index answers it). */
function latestRevisions(db: Db) {
  return db
    .selectFrom('content_revisions')
    .where('id', 'in', (eb) => eb.selectFrom('content_revisions as latest').select((inner) => inner.fn.max('latest.id').as('id')).groupBy('latest.document'));
}

/** The repository's content with each document's latest revision put in. */
export async function readLiveContent(db: Db): Promise<SiteContent> {
  const rows = await latestRevisions(db).select(['document', 'body']).execute();
  const content = repositoryContent() as Record<DocumentName, unknown>;
  for (const row of rows) if (isDocumentName(row.document)) content[row.document] = withRepositoryOnlyParts(row.document, JSON.parse(row.body), content[row.document]);
  return content as SiteContent;
}

/** Where `document` changes a part of `name` only the repository sets (CONTENT_ERROR.fieldNotEditable); empty when it does not. */
export function repositoryOnlyProblems(name: DocumentName, document: unknown): Problem[] {
  return repositoryOnlyChanges(name, document, repositoryContent()[name]);
}

function summaryOf(name: DocumentName, row: Row | undefined): DocumentSummary {
  const { title, group } = contentDocuments[name];
  return { name, title, group, revision: row?.id ?? 0, number: row?.number ?? 0, publishedAt: row?.created_at ?? null, publishedBy: row === undefined ? null : authorOf(row) };
}

/** Every document with its live revision, in the console's order. */
export async function documentSummaries(db: Db): Promise<DocumentSummary[]> {
  const rows = await latestRevisions(db).select(SUMMARY_COLUMNS).execute();
  const byName = new Map(rows.map((row) => [row.document, rowOf(row)]));
  return DOCUMENT_NAMES.map((name) => summaryOf(name, byName.get(name)));
}

async function documentSummary(db: Db, name: DocumentName): Promise<DocumentSummary> {
  const row = await db
    .selectFrom('content_revisions')
    .select(SUMMARY_COLUMNS)
    .where('document', '=', name)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return summaryOf(name, row === undefined ? undefined : rowOf(row));
}

/** A document's revisions, newest first, ending with revision 0 (the repository's). */
export async function revisions(db: Db, name: DocumentName): Promise<RevisionSummary[]> {
  const rows = (await db.selectFrom('content_revisions').select(SUMMARY_COLUMNS).where('document', '=', name).orderBy('id', 'desc').execute()).map(rowOf);
  const live = rows[0]?.id ?? 0;
  return [
    ...rows.map((row) => ({ revision: row.id, number: row.number, publishedAt: row.created_at, publishedBy: authorOf(row), note: row.note, live: row.id === live })),
    { revision: 0, number: 0, publishedAt: null, publishedBy: null, note: null, live: live === 0 },
  ];
}

/** One revision of a document, whole (0: the repository's); undefined when the document has no such revision. */
export async function revision(db: Db, name: DocumentName, number: number): Promise<DocumentAnswer | undefined> {
  if (number === 0) return { name, revision: 0, number: 0, publishedAt: null, publishedBy: null, note: null, document: repositoryContent()[name] };
  const found = await db.selectFrom('content_revisions').selectAll().where('document', '=', name).where('id', '=', number).executeTakeFirst();
  if (found === undefined) return undefined;
  const row = rowOf(found);
  return { name, revision: row.id, number: row.number, publishedAt: row.created_at, publishedBy: authorOf(row), note: row.note, document: JSON.parse(row.body) };
}

/** The live document, whole, with the repository's parts where only the repository sets them (what the site serves). */
export async function liveDocument(db: Db, name: DocumentName): Promise<DocumentAnswer> {
  const found = await revision(db, name, await documentRevision(db, name));
  if (found === undefined) throw new Error(`content store: the live revision of ${name} vanished`);
  return { ...found, document: withRepositoryOnlyParts(name, found.document, repositoryContent()[name]) };
}

/**
 * Whether `document` may replace `name` in `content`: its struct's problems, else the checks
 * between documents (content/validate-content.ts, the build's) over the content with the draft
 * put in. A problem another document already had is not the draft's; one it causes in another
 * document (a project page left without its card) is, said with that document's title.
 */
export function draftProblems(content: SiteContent, name: DocumentName, document: unknown, imageKeys: ReadonlySet<string>): Problem[] {
  const own = documentProblems(name, document);
  if (own.length > 0) return own;
  return newCrossProblems(content, { [name]: document }, imageKeys).map((problem) =>
    problem.document === name
      ? { path: problem.path, message: problem.message }
      : { path: '', message: `${contentDocuments[problem.document].title}${problem.path === '' ? '' : `, ${problem.path}`}: ${problem.message}` },
  );
}

/** The problems between documents that `drafts` put into `content` cause (not those it had before). */
function newCrossProblems(content: SiteContent, drafts: Partial<Record<DocumentName, unknown>>, imageKeys: ReadonlySet<string>) {
  const key = (problem: { document: string; path: string; message: string }) => `${problem.document}\u0000${problem.path}\u0000${problem.message}`;
  const before = new Set(crossCheckDocuments(content, imageKeys).map(key));
  return crossCheckDocuments({ ...content, ...drafts } as SiteContent, imageKeys).filter((problem) => !before.has(key(problem)));
}

/** The advisory lock's key: nothing else in the site takes advisory locks. */
const PUBLISH_LOCK_KEY = 310_023;

/**
 * Serialises publishing: PostgreSQL's transaction-scoped advisory lock, one for all documents
 * (a publish checks the other documents too, so two publishes of different documents must not
 * pass their checks side by side). SQLite's transactions begin IMMEDIATE (db/sqlite-waiting-driver.ts):
 * the one writer is the lock.
 */
export async function lockPublishing(trx: Transaction<Database>): Promise<void> {
  if (dialectOf<Database>(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_KEY})`.execute(trx);
}

/**
 * Stores `document` as the document's new revision if its base is the live revision and it is
 * valid with the rest of the live content; checked and stored in one transaction.
 */
export async function publish(db: Kysely<Database>, input: PublishInput, checks: PublishChecks): Promise<PublishOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockPublishing(trx);
    return publishLocked(trx, input, checks);
  });
}

/** publish's checks and store, in a transaction that holds the publish lock (a scheduled change's too). */
export async function publishLocked(trx: Transaction<Database>, input: PublishInput, { imageKeys, onStored }: PublishChecks): Promise<PublishOutcome> {
  const notEditable = repositoryOnlyProblems(input.name, input.document);
  if (notEditable.length > 0) return { status: 'notEditable', problems: notEditable };
  const current = await documentSummary(trx, input.name);
  if (current.revision !== input.baseRevision) return { status: 'conflict', current };
  const problems = draftProblems(await readLiveContent(trx), input.name, input.document, imageKeys);
  if (problems.length > 0) return { status: 'invalid', problems };
  const publishedAt = new Date(input.now).toISOString();
  const { revision, number } = await storeRevision(trx, input.name, input.document, { ...input, publishedAt }, onStored);
  return { status: 'published', revision, number, publishedAt };
}

/** One new revision row, and its audit entry (onStored) in the same transaction. */
async function storeRevision(
  trx: Transaction<Database>,
  name: DocumentName,
  document: unknown,
  { note, author, publishedAt }: { note: string; author: Author; publishedAt: string },
  onStored: PublishChecks['onStored'],
): Promise<{ revision: number; number: number }> {
  // Its number in its document: the highest plus one, read in this transaction under the publish lock.
  const highest = await trx.selectFrom('content_revisions').select((eb) => eb.fn.max('number').as('number')).where('document', '=', name).executeTakeFirst();
  const number = Number(highest?.number ?? 0) + 1;
  const row = await trx
    .insertInto('content_revisions')
    .values({ document: name, number, body: JSON.stringify(document), note, author_id: author.id, author_name: author.name, created_at: publishedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await onStored?.(trx, Number(row.id), name);
  // The store keeps a bounded number of each document's revisions (revision-bound.ts).
  await pruneRevisions(trx, name);
  return { revision: Number(row.id), number };
}

export type AddProjectOutcome = { status: 'published'; revision: number; number: number; publishedAt: string; path: string } | { status: 'invalid'; problems: Problem[] };

/**
 * A new project (src/validation/content-editor/new-project.ts): its card and its page added to
 * the live projects and projectPages documents and stored as a revision of each, in one
 * transaction under the publish lock. No base revision: the project is added to whatever is live
 * when it is stored, so an edit published meanwhile is kept, not overwritten. A problem is said
 * at the form's field where it has one.
 */
export async function addProject(db: Kysely<Database>, input: AddProjectInput, checks: PublishChecks): Promise<AddProjectOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockPublishing(trx);
    return addProjectLocked(trx, input, checks);
  });
}

export interface AddProjectInput {
  project: unknown;
  note: string;
  author: Author;
  now: number;
}

/** addProject's checks and store, in a transaction that holds the publish lock (a scheduled project's too). */
export async function addProjectLocked(trx: Transaction<Database>, input: AddProjectInput, { imageKeys, onStored }: PublishChecks): Promise<AddProjectOutcome> {
  const live = await readLiveContent(trx);
  const own = newProjectProblems(input.project, live);
  if (own.length > 0) return { status: 'invalid', problems: own };
  const project = input.project as NewProject;
  const drafts = withNewProject(live, project);
  const problems = newCrossProblems(live, drafts, imageKeys).map((problem) => {
    const at = problem.document === 'projects' || problem.document === 'projectPages' ? newProjectPath(problem.document, problem.path, project.card.id) : undefined;
    return at !== undefined ? { path: at, message: problem.message } : { path: '', message: `${contentDocuments[problem.document].title}${problem.path === '' ? '' : `, ${problem.path}`}: ${problem.message}` };
  });
  if (problems.length > 0) return { status: 'invalid', problems };
  const publishedAt = new Date(input.now).toISOString();
  const stored = { note: input.note, author: input.author, publishedAt };
  // The page first: a process that renders between the two sees no card without its page.
  await storeRevision(trx, 'projectPages', drafts.projectPages, stored, onStored);
  const { revision, number } = await storeRevision(trx, 'projects', drafts.projects, stored, onStored);
  return { status: 'published', revision, number, publishedAt, path: newProjectAddress(project) };
}

/**
 * Publishes revision `revision` of the document again, as a new revision (0: the repository's),
 * with the repository's parts where only the repository sets them (an older revision's are not brought back).
 */
export async function restore(
  db: Kysely<Database>,
  input: Omit<PublishInput, 'document' | 'note'> & { revision: number; note?: string },
  checks: PublishChecks,
): Promise<RestoreOutcome> {
  const older = await revision(db, input.name, input.revision);
  if (older === undefined) return { status: 'unknown' };
  const document = withRepositoryOnlyParts(input.name, older.document, repositoryContent()[input.name]);
  return publish(db, { ...input, document, note: input.note ?? `Restored revision ${older.number}` }, checks);
}

/** The live documents that differ from the repository's (what `npm run content -- export` writes). */
export async function changedDocuments(db: Db): Promise<Array<{ name: DocumentName; revision: number; document: unknown }>> {
  const live = await readLiveContent(db);
  const repository = repositoryContent();
  const summaries = await documentSummaries(db);
  return summaries.filter(({ name }) => !isDeepStrictEqual(live[name], repository[name])).map(({ name, revision }) => ({ name, revision, document: live[name] }));
}

/** Whether staff may publish and restore (owners always may). */

/**
 * Every place `text` is in the live documents (src/validation/content-editor/content-search.ts),
 * by document in the console's order, each with its live revision; at most SEARCH_PLACES_MAX
 * places are listed, `count` says how many there are.
 */
export async function searchLive(db: Db, text: string): Promise<Omit<SearchAnswer, 'canEdit' | 'drafts'>> {
  const live = await readLiveContent(db);
  const summaries = await documentSummaries(db);
  let count = 0;
  let room = SEARCH_PLACES_MAX;
  const documents: SearchAnswer['documents'] = [];
  for (const { name, title, revision } of summaries) {
    const found = countPlacesIn(name, live[name], text);
    if (found === 0) continue;
    count += found;
    // Built only as far as the answer lists them (a one-letter search is counted, not built).
    documents.push({ name, title, revision, places: room > 0 ? placesIn(name, live[name], text, room) : [] });
    room -= found;
  }
  return { text, documents, count };
}

export interface ReplaceInput {
  text: string;
  replacement: string;
  note: string;
  /** The documents the search listed, with the revisions it read. */
  documents: ReadonlyArray<{ name: DocumentName; revision: number }>;
  author: Author;
  now: number;
}

export type ReplaceOutcome =
  | { status: 'published'; published: ReplaceAnswer['published']; publishedAt: string }
  | { status: 'conflict'; current: DocumentSummary }
  | { status: 'invalid'; problems: ReplaceProblem[] }
  | { status: 'nothing' }
  /** More places than a search lists (SEARCH_PLACES_MAX): refused, nothing changed. */
  | { status: 'tooMany'; count: number };

/**
 * Replaces `text` everywhere it is in the live content and stores one revision of each document
 * it was in, all with one note, in one transaction under the publish lock: checked as one draft
 * of the whole site (each document by its struct, then the checks between documents), so a
 * replacement that breaks any document stores nothing. A document the search read at another
 * revision than the live one, or one that has the text now but was not listed, is a conflict:
 * the owner saw a list of changes that is no longer what would be done.
 */
export async function replaceEverywhere(db: Kysely<Database>, input: ReplaceInput, { imageKeys, onStored }: PublishChecks): Promise<ReplaceOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockPublishing(trx);
    const live = await readLiveContent(trx);
    const summaries = new Map((await documentSummaries(trx)).map((summary) => [summary.name, summary]));
    const listed = new Map(input.documents.map((item) => [item.name, item.revision]));
    for (const [name, revision] of listed) {
      const current = summaries.get(name);
      if (current !== undefined && current.revision !== revision) return { status: 'conflict', current };
    }
    // No more places than a search lists (and the owner saw): also bounds what a replacement can grow the content by.
    const total = DOCUMENT_NAMES.reduce((sum, name) => sum + countPlacesIn(name, live[name], input.text), 0);
    if (total > SEARCH_PLACES_MAX) return { status: 'tooMany', count: total };
    const drafts: Partial<Record<DocumentName, unknown>> = {};
    const counts = new Map<DocumentName, number>();
    for (const name of DOCUMENT_NAMES) {
      const { document, count } = replacedIn(name, live[name], input.text, input.replacement);
      if (count === 0) continue;
      const current = summaries.get(name);
      if (!listed.has(name) && current !== undefined) return { status: 'conflict', current };
      drafts[name] = document;
      counts.set(name, count);
    }
    if (counts.size === 0) return { status: 'nothing' };
    const own = [...counts.keys()].flatMap((name) => [...documentProblems(name, drafts[name]), ...repositoryOnlyProblems(name, drafts[name])].map((problem) => ({ name, ...problem })));
    if (own.length > 0) return { status: 'invalid', problems: own };
    const between = newCrossProblems(live, drafts, imageKeys).map(({ document, path, message }) => ({ name: document, path, message }));
    if (between.length > 0) return { status: 'invalid', problems: between };
    const publishedAt = new Date(input.now).toISOString();
    const published: ReplaceAnswer['published'] = [];
    for (const [name, count] of counts) {
      const { revision, number } = await storeRevision(trx, name, drafts[name], { note: input.note, author: input.author, publishedAt }, onStored);
      published.push({ name, title: contentDocuments[name].title, revision, number, count });
    }
    return { status: 'published', published, publishedAt };
  });
}
