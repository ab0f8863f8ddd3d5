// The content editor's calls over the console's one HTTP client (services/shared/console-api.client.ts),
// on the routes of the content editor's protocol (validation/content-editor/content-editor.protocol.ts),
// each answer checked with that protocol's struct. A refusal is a ConsoleApiError with the
// server's code; `problemsOf` and `conflictOf` read a 400's problems and a 409's live revision.
import { array, is } from 'superstruct';
import type { DocumentName } from '../../../content/document-names.ts';
import { ConsoleApiError, type ConsoleApi } from '../shared/console-api.client.ts';
import {
  CONTENT_ERROR,
  CONTENT_ROUTE,
  DocumentAnswerStruct,
  DocumentListAnswerStruct,
  DocumentSummaryStruct,
  AddProjectAnswerStruct,
  PreviewAnswerStruct,
  ProblemStruct,
  PublishAnswerStruct,
  RevisionListAnswerStruct,
  type AddProjectAnswer,
  type AddProjectBody,
  type DocumentAnswer,
  type DocumentListAnswer,
  type DocumentSummary,
  type PreviewAnswer,
  type Problem,
  type PublishAnswer,
  type PublishBody,
  type RestoreBody,
  type RevisionListAnswer,
  ReplaceAnswerStruct,
  ReplaceProblemStruct,
  SearchAnswerStruct,
  type ReplaceAnswer,
  type ReplaceBody,
  type ReplaceProblem,
  type SearchAnswer,
  ScheduledChangeStruct,
  ScheduleListAnswerStruct,
  type ScheduleBody,
  type ScheduleProjectBody,
  type ScheduledChange,
  type ScheduleListAnswer,
} from '../../validation/content-editor/content-editor.protocol.ts';

/** A route with its `:name` (and `:revision`) filled in. */
export function contentPath(route: string, name: DocumentName, revision?: number): string {
  return route.replace(':name', name).replace(':revision', String(revision ?? ''));
}

/** The refusals that name fields: 400 `content_invalid_document` and `content_too_long`, 403 `content_field_not_editable`. */
const PROBLEM_CODES: ReadonlySet<string> = new Set([CONTENT_ERROR.invalidDocument, CONTENT_ERROR.tooLong, CONTENT_ERROR.fieldNotEditable]);

/** The fields a refusal of PROBLEM_CODES names; empty for any other error. */
export function problemsOf(error: unknown): Problem[] {
  if (!(error instanceof ConsoleApiError) || !PROBLEM_CODES.has(error.code)) return [];
  const problems = error.data.problems;
  return is(problems, array(ProblemStruct)) ? problems : [];
}

/** The live revision a 409 `content_conflict` names; null for any other error. */
export function conflictOf(error: unknown): DocumentSummary | null {
  if (!(error instanceof ConsoleApiError) || error.code !== CONTENT_ERROR.conflict) return null;
  return is(error.data.current, DocumentSummaryStruct) ? error.data.current : null;
}

/** The fields a refused replacement (400 `content_replace_invalid`) would break, each in its document; empty for any other error. */
export function replaceProblemsOf(error: unknown): ReplaceProblem[] {
  if (!(error instanceof ConsoleApiError) || error.code !== CONTENT_ERROR.replaceInvalid) return [];
  const places = error.data.places;
  return is(places, array(ReplaceProblemStruct)) ? places : [];
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function createContentEditorClient(api: ConsoleApi) {
  return {
    documents(signal?: AbortSignal): Promise<DocumentListAnswer> {
      return api.get(CONTENT_ROUTE.documents, DocumentListAnswerStruct, withSignal(signal));
    },
    document(name: DocumentName, signal?: AbortSignal): Promise<DocumentAnswer> {
      return api.get(contentPath(CONTENT_ROUTE.document, name), DocumentAnswerStruct, withSignal(signal));
    },
    revisions(name: DocumentName, signal?: AbortSignal): Promise<RevisionListAnswer> {
      return api.get(contentPath(CONTENT_ROUTE.revisions, name), RevisionListAnswerStruct, withSignal(signal));
    },
    revision(name: DocumentName, revision: number, signal?: AbortSignal): Promise<DocumentAnswer> {
      return api.get(contentPath(CONTENT_ROUTE.revision, name, revision), DocumentAnswerStruct, withSignal(signal));
    },
    /** Renders the draft; the answer's `url` is made absolute for the preview's frame. */
    async preview(name: DocumentName, document: unknown, path: string | undefined, signal?: AbortSignal): Promise<PreviewAnswer> {
      const answer = await api.post(contentPath(CONTENT_ROUTE.preview, name), path === undefined ? { document } : { document, path }, PreviewAnswerStruct, withSignal(signal));
      return { ...answer, url: previewFrameUrl(api, answer.url) };
    },
    publish(name: DocumentName, body: PublishBody, signal?: AbortSignal): Promise<PublishAnswer> {
      return api.post(contentPath(CONTENT_ROUTE.publish, name), body, PublishAnswerStruct, withSignal(signal));
    },
    /** A new project's card and page, published together (validation/content-editor/new-project.ts). */
    addProject(body: AddProjectBody, signal?: AbortSignal): Promise<AddProjectAnswer> {
      return api.post(CONTENT_ROUTE.addProject, body, AddProjectAnswerStruct, withSignal(signal));
    },
    restore(name: DocumentName, body: RestoreBody, signal?: AbortSignal): Promise<PublishAnswer> {
      return api.post(contentPath(CONTENT_ROUTE.restore, name), body, PublishAnswerStruct, withSignal(signal));
    },
    /** The draft, checked now, stored to be published at `publishAt`. */
    schedule(name: DocumentName, body: ScheduleBody, signal?: AbortSignal): Promise<ScheduledChange> {
      return api.post(contentPath(CONTENT_ROUTE.schedule, name), body, ScheduledChangeStruct, withSignal(signal));
    },
    /** A new project, checked now, stored to be added at `publishAt`. */
    scheduleProject(body: ScheduleProjectBody, signal?: AbortSignal): Promise<ScheduledChange> {
      return api.post(CONTENT_ROUTE.scheduleProject, body, ScheduledChangeStruct, withSignal(signal));
    },
    /** The changes waiting, and the latest done. */
    schedules(signal?: AbortSignal): Promise<ScheduleListAnswer> {
      return api.get(CONTENT_ROUTE.schedules, ScheduleListAnswerStruct, withSignal(signal));
    },
    cancelSchedule(id: number, signal?: AbortSignal): Promise<ScheduledChange> {
      return api.post(CONTENT_ROUTE.cancelSchedule.replace(':id', String(id)), {}, ScheduledChangeStruct, withSignal(signal));
    },
    /** Every place a text is in the live documents (validation/content-editor/content-search.ts). */
    search(text: string, signal?: AbortSignal): Promise<SearchAnswer> {
      return api.get(CONTENT_ROUTE.search, SearchAnswerStruct, { searchParams: { text }, ...withSignal(signal) });
    },
    /** The text replaced in every place, one revision per document. */
    replace(body: ReplaceBody, signal?: AbortSignal): Promise<ReplaceAnswer> {
      return api.post(CONTENT_ROUTE.replace, body, ReplaceAnswerStruct, withSignal(signal));
    },
  };
}

/** The preview's address: absolute as given, or a path (from the site's root, or below CONSOLE_API). */
function previewFrameUrl(api: ConsoleApi, url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  const below = api.url('');
  if (url.startsWith('/')) return new URL(url, below).href;
  return api.url(url);
}

export type ContentEditorClient = ReturnType<typeof createContentEditorClient>;
