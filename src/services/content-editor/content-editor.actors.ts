// The effects the content editor's machines invoke, each over the console API the page was given
// (its input): the documents, one document, its revisions, a preview, a publish, a restore; and
// the guard against leaving a draft unsaved. The machines decide when.
import { fromCallback, fromPromise } from 'xstate';
import type { DocumentName } from '../../../content/document-names.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import type { ProjectsNow } from '../../validation/content-editor/new-project.ts';
import type {
  AddProjectAnswer,
  DocumentAnswer,
  DocumentListAnswer,
  PreviewAnswer,
  PublishAnswer,
  ReplaceAnswer,
  ReplaceBody,
  RevisionListAnswer,
  SearchAnswer,
  ScheduledChange,
  ScheduleListAnswer,
} from '../../validation/content-editor/content-editor.protocol.ts';
import { createContentEditorClient } from './content-editor-api.client.ts';

interface Named {
  api: ConsoleApi;
  name: DocumentName;
}

export const listDocuments = fromPromise<DocumentListAnswer, { api: ConsoleApi }>(({ input, signal }) => createContentEditorClient(input.api).documents(signal));

export const fetchDocument = fromPromise<DocumentAnswer, Named>(({ input, signal }) => createContentEditorClient(input.api).document(input.name, signal));

export const previewDocument = fromPromise<PreviewAnswer, Named & { document: unknown; path: string | undefined }>(({ input, signal }) =>
  createContentEditorClient(input.api).preview(input.name, input.document, input.path, signal),
);

export const publishDocument = fromPromise<PublishAnswer, Named & { document: unknown; baseRevision: number; note: string }>(({ input, signal }) =>
  createContentEditorClient(input.api).publish(input.name, { document: input.document, baseRevision: input.baseRevision, note: input.note }, signal),
);

/** The draft stored to be published at `publishAt` (an ISO time with its offset). */
export const scheduleDocument = fromPromise<ScheduledChange, Named & { document: unknown; baseRevision: number; note: string; publishAt: string }>(({ input, signal }) =>
  createContentEditorClient(input.api).schedule(input.name, { document: input.document, baseRevision: input.baseRevision, note: input.note, publishAt: input.publishAt }, signal),
);

/** A new project stored to be added at `publishAt` (an ISO time with its offset). */
export const scheduleProject = fromPromise<ScheduledChange, { api: ConsoleApi; project: unknown; note: string; publishAt: string }>(({ input, signal }) =>
  createContentEditorClient(input.api).scheduleProject({ project: input.project, note: input.note, publishAt: input.publishAt }, signal),
);

/** The changes waiting, and the latest done. */
export const listSchedules = fromPromise<ScheduleListAnswer, { api: ConsoleApi }>(({ input, signal }) => createContentEditorClient(input.api).schedules(signal));

/** A waiting change cancelled. */
export const cancelSchedule = fromPromise<ScheduledChange, { api: ConsoleApi; id: number }>(({ input, signal }) => createContentEditorClient(input.api).cancelSchedule(input.id, signal));

/** What a new project is checked against: the live grid (its categories and projects) and the live project pages. */
export const fetchProjectsNow = fromPromise<ProjectsNow, { api: ConsoleApi }>(async ({ input, signal }) => {
  const client = createContentEditorClient(input.api);
  const [projects, projectPages] = await Promise.all([client.document('projects', signal), client.document('projectPages', signal)]);
  // The server sends each document valid by its struct (DocumentAnswerStruct: `document`).
  return { projects: projects.document, projectPages: projectPages.document } as ProjectsNow;
});

export const addProject = fromPromise<AddProjectAnswer, { api: ConsoleApi; project: unknown; note: string }>(({ input, signal }) =>
  createContentEditorClient(input.api).addProject({ project: input.project, note: input.note }, signal),
);

/** The list of revisions, and the live one's document to compare against. */
export const fetchRevisions = fromPromise<RevisionListAnswer, Named>(({ input, signal }) => createContentEditorClient(input.api).revisions(input.name, signal));

/** Two revisions' documents, the chosen one and the one before it (null when it is the first). */
export const fetchRevisionPair = fromPromise<{ revision: DocumentAnswer; previous: DocumentAnswer | null }, Named & { revision: number; previous: number | null }>(
  async ({ input, signal }) => {
    const client = createContentEditorClient(input.api);
    const [revision, previous] = await Promise.all([
      client.revision(input.name, input.revision, signal),
      input.previous === null ? Promise.resolve(null) : client.revision(input.name, input.previous, signal),
    ]);
    return { revision, previous };
  },
);

export const restoreRevision = fromPromise<PublishAnswer, Named & { revision: number; baseRevision: number }>(({ input, signal }) =>
  createContentEditorClient(input.api).restore(input.name, { revision: input.revision, baseRevision: input.baseRevision }, signal),
);

/** Every place a text is in the live documents. */
export const searchContent = fromPromise<SearchAnswer, { api: ConsoleApi; text: string }>(({ input, signal }) => createContentEditorClient(input.api).search(input.text, signal));

/** The text replaced everywhere the search listed it. */
export const replaceContent = fromPromise<ReplaceAnswer, { api: ConsoleApi } & ReplaceBody>(({ input: { api, ...body }, signal }) => createContentEditorClient(api).replace(body, signal));

/**
 * While a draft has unsaved changes: the browser asks before the page is left (beforeunload),
 * and a console link followed is held back and reported as `leave.request` with its hash, so
 * the editor asks first (README.md, "The console": the console's routes are hash links).
 */
export const guardUnsaved = fromCallback<{ type: 'leave.request'; hash: string }>(({ sendBack }) => {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  };
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
    if (!link) return;
    event.preventDefault();
    sendBack({ type: 'leave.request', hash: link.getAttribute('href') ?? '' });
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  document.addEventListener('click', onClick, true);
  return () => {
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onClick, true);
  };
});
