// The content editor's protocol, written once for the console (services/content-editor/) and
// the server (server/content-editor/): the documents, their revisions, preview, publish and
// restore (README.md, "Editing the site"). Browser-safe. Routes are below CONSOLE_API
// (validation/console/console-api.ts); every one passes the console guard, and a person who
// may not edit content is refused with CONSOLE_REFUSAL.wrongRole.
import { array, boolean, enums, nullable, number, object, optional, size, string, unknown, type Infer } from 'superstruct';
import { DOCUMENT_GROUPS, DOCUMENT_NAMES } from '../../../content/document-names.ts';

/** Routes below CONSOLE_API. `:name` is a document name (content/content-documents.ts), `:revision` a revision number. */
export const CONTENT_ROUTE = {
  /** GET: every document with its live revision, as DocumentListAnswerStruct. */
  documents: '/content',
  /** GET: a document's live revision, whole, as DocumentAnswerStruct. */
  document: '/content/:name',
  /** POST PreviewBodyStruct: renders the draft's page; answers PreviewAnswerStruct. Nothing is stored but the preview. */
  preview: '/content/:name/preview',
  /** GET (the preview frame, a session's page): the rendered draft, HTML, at CONTENT_PREVIEW_PATH. */
  previewPage: '/content/previews/:id',
  /** POST PublishBodyStruct: a new revision, live on every server process within seconds; answers PublishAnswerStruct. */
  publish: '/content/:name/publish',
  /** GET: the document's revisions, newest first, as RevisionListAnswerStruct. */
  revisions: '/content/:name/revisions',
  /** GET: one revision, whole, as DocumentAnswerStruct. */
  revision: '/content/:name/revisions/:revision',
  /** POST RestoreBodyStruct: publishes an older revision's document again, as a new revision. */
  restore: '/content/:name/restore',
  /**
   * POST AddProjectBodyStruct: a new project in one step, its card (projects) and its page
   * (projectPages) published together as two revisions in one transaction; answers AddProjectAnswerStruct.
   */
  addProject: '/content/projects/add',
  /**
   * GET `?text=`: every place the text is in the live documents (content-search.ts), as
   * SearchAnswerStruct. Staff and owners.
   */
  search: '/content/search',
  /**
   * POST ReplaceBodyStruct: the text replaced in every place, one new revision per document that
   * has it, all with one note, in one transaction; answers ReplaceAnswerStruct. A document
   * published since the search is a 409 conflict (`data.current`).
   */
  replace: '/content/replace',
  /**
   * POST ScheduleBodyStruct: the draft, checked now as a publish is, stored to be published at
   * `publishAt` by the jobs process (exactly once, on one server); answers ScheduledChangeStruct.
   */
  schedule: '/content/:name/schedule',
  /** POST ScheduleProjectBodyStruct: a new project, checked now, to be added at `publishAt`; answers ScheduledChangeStruct. */
  scheduleProject: '/content/projects/add/schedule',
  /** GET: the changes waiting, and the latest done, as ScheduleListAnswerStruct. */
  schedules: '/content/schedules',
  /** POST (no body): a waiting change cancelled; answers ScheduledChangeStruct. */
  cancelSchedule: '/content/schedules/:id/cancel',
  /** GET / POST EditingSettingsStruct (owner): whether staff may edit content. */
  settings: '/content-settings',
} as const;

/** The longest publish note. */
export const NOTE_MAX = 200;
/** The longest text find and replace searches for, and the longest replacement (content-search.ts). */
export const SEARCH_TEXT_MAX = 200;

export const DocumentNameStruct = enums(DOCUMENT_NAMES);

/** A revision's key, global across documents: 0 is the repository's content (content/documents/), never stored. */
export const RevisionStruct = number();
/** A revision's number within its document, 1, 2, 3… (what the console shows; 0: the repository's). */
export const RevisionNumberStruct = number();

export const AuthorStruct = object({ id: nullable(number()), name: string() });
export type Author = Infer<typeof AuthorStruct>;

export const DocumentSummaryStruct = object({
  name: DocumentNameStruct,
  title: string(),
  group: enums(DOCUMENT_GROUPS),
  revision: RevisionStruct,
  number: RevisionNumberStruct,
  /** ISO time of the live revision; null for the repository's. */
  publishedAt: nullable(string()),
  publishedBy: nullable(AuthorStruct),
});
export type DocumentSummary = Infer<typeof DocumentSummaryStruct>;

export const DocumentListAnswerStruct = object({
  documents: array(DocumentSummaryStruct),
  /** Whether the signed-in person may publish (owners; staff when an owner allows it). */
  canEdit: boolean(),
});
export type DocumentListAnswer = Infer<typeof DocumentListAnswerStruct>;

export const DocumentAnswerStruct = object({
  name: DocumentNameStruct,
  revision: RevisionStruct,
  number: RevisionNumberStruct,
  publishedAt: nullable(string()),
  publishedBy: nullable(AuthorStruct),
  note: nullable(string()),
  /** The document, valid by its struct (content/content-documents.ts). */
  document: unknown(),
  /** On the live document: whether the signed-in person may publish it (owners; staff when an owner allows it). */
  canEdit: optional(boolean()),
});
export type DocumentAnswer = Infer<typeof DocumentAnswerStruct>;

export const PreviewBodyStruct = object({
  document: unknown(),
  /** The page to show: a path of the site the document appears on ('/' for a home section). */
  path: optional(size(string(), 1, 200)),
});
export type PreviewBody = Infer<typeof PreviewBodyStruct>;

export const PreviewAnswerStruct = object({
  /** The preview page's address (below CONSOLE_API), for an iframe; it expires after 10 minutes. */
  url: string(),
  /** The paths this document appears on, for the preview's page picker. */
  paths: array(string()),
});
export type PreviewAnswer = Infer<typeof PreviewAnswerStruct>;

export const PublishBodyStruct = object({
  /** The revision the draft started from: publishing over a newer one is a conflict. */
  baseRevision: RevisionStruct,
  document: unknown(),
  note: size(string(), 0, NOTE_MAX),
});
export type PublishBody = Infer<typeof PublishBodyStruct>;

export const PublishAnswerStruct = object({
  revision: RevisionStruct,
  number: RevisionNumberStruct,
  publishedAt: string(),
});
export type PublishAnswer = Infer<typeof PublishAnswerStruct>;

export const AddProjectBodyStruct = object({
  /** A NewProject (new-project.ts): `{ card, page }`; its problems' paths start `card.` or `page.`. */
  project: unknown(),
  note: size(string(), 0, NOTE_MAX),
});
export type AddProjectBody = Infer<typeof AddProjectBodyStruct>;

export const AddProjectAnswerStruct = object({
  /** The revision that made the project live (the later of the two). */
  revision: RevisionStruct,
  publishedAt: string(),
  /** The project's page on the site: /projects/{id}/. */
  path: string(),
});
export type AddProjectAnswer = Infer<typeof AddProjectAnswerStruct>;

export const RestoreBodyStruct = object({
  /** The revision whose document becomes live again (0: the repository's). */
  revision: RevisionStruct,
  baseRevision: RevisionStruct,
});
export type RestoreBody = Infer<typeof RestoreBodyStruct>;

export const RevisionSummaryStruct = object({
  revision: RevisionStruct,
  number: RevisionNumberStruct,
  publishedAt: nullable(string()),
  publishedBy: nullable(AuthorStruct),
  note: nullable(string()),
  /** Whether this is the live revision. */
  live: boolean(),
});
export type RevisionSummary = Infer<typeof RevisionSummaryStruct>;

export const RevisionListAnswerStruct = object({ revisions: array(RevisionSummaryStruct) });
export type RevisionListAnswer = Infer<typeof RevisionListAnswerStruct>;

export const TextPlaceStruct = object({ path: string(), before: string(), match: string(), after: string() });

export const SearchAnswerStruct = object({
  /** The text searched for, as sent. */
  text: string(),
  /** Every document the text is in, in the console's order, with its live revision (a replacement's base). */
  documents: array(object({ name: DocumentNameStruct, title: string(), revision: RevisionStruct, places: array(TextPlaceStruct) })),
  /** How many places there are; at most SEARCH_PLACES_MAX are listed. */
  count: number(),
  /** Whether the signed-in person may replace (publish): owners; staff when an owner allows it. */
  canEdit: boolean(),
  /**
   * The drafts waiting to be published at a set time that have the text (content-schedules.ts):
   * listed, never replaced (a replacement publishes the live documents; a draft is changed by
   * cancelling it and scheduling it again).
   */
  drafts: array(object({ id: number(), name: DocumentNameStruct, title: string(), publishAt: string(), places: array(TextPlaceStruct) })),
});
export type SearchAnswer = Infer<typeof SearchAnswerStruct>;

/** What the search reads: 1 to SEARCH_TEXT_MAX characters. */
export const SearchTextStruct = size(string(), 1, SEARCH_TEXT_MAX);

export const ReplaceBodyStruct = object({
  text: SearchTextStruct,
  /** Plain text; may be empty (the text is taken out). */
  replacement: size(string(), 0, SEARCH_TEXT_MAX),
  note: size(string(), 0, NOTE_MAX),
  /** The documents the search listed, each with the revision it read: a document published since is a conflict. */
  documents: size(array(object({ name: DocumentNameStruct, revision: RevisionStruct })), 1, DOCUMENT_NAMES.length),
});
export type ReplaceBody = Infer<typeof ReplaceBodyStruct>;

export const ReplaceAnswerStruct = object({
  /** Each document changed: its new revision, and how many places. */
  published: array(object({ name: DocumentNameStruct, title: string(), revision: RevisionStruct, number: RevisionNumberStruct, count: number() })),
  publishedAt: string(),
});
export type ReplaceAnswer = Infer<typeof ReplaceAnswerStruct>;

/** The latest a change may be scheduled for, in days from now. */
export const SCHEDULE_AHEAD_MAX_DAYS = 366;
/** The most changes that may wait at once (each holds a whole draft). */
export const SCHEDULES_WAITING_MAX = 100;

/** When a change is to go live: an ISO 8601 time with its offset (`2026-12-24T06:00:00+02:00`). */
export const PublishAtStruct = size(string(), 0, 40);

export const ScheduleBodyStruct = object({
  baseRevision: RevisionStruct,
  document: unknown(),
  note: size(string(), 0, NOTE_MAX),
  publishAt: PublishAtStruct,
});
export type ScheduleBody = Infer<typeof ScheduleBodyStruct>;

export const ScheduleProjectBodyStruct = object({
  project: unknown(),
  note: size(string(), 0, NOTE_MAX),
  publishAt: PublishAtStruct,
});
export type ScheduleProjectBody = Infer<typeof ScheduleProjectBodyStruct>;

export const SCHEDULE_STATES = ['waiting', 'published', 'failed', 'cancelled'] as const;

export const ScheduledChangeStruct = object({
  id: number(),
  /** A document's draft, or a new project (its card and page). */
  kind: enums(['document', 'project']),
  name: DocumentNameStruct,
  title: string(),
  note: string(),
  /** ISO time it goes live. */
  publishAt: string(),
  createdAt: string(),
  by: AuthorStruct,
  state: enums(SCHEDULE_STATES),
  /** The revision that made it live (published). */
  revision: nullable(RevisionStruct),
  /** Why it was not published (failed). */
  problem: nullable(string()),
  /** When it was published, failed or cancelled; who cancelled it. */
  doneAt: nullable(string()),
  doneBy: nullable(string()),
});
export type ScheduledChange = Infer<typeof ScheduledChangeStruct>;

export const ScheduleListAnswerStruct = object({ schedules: array(ScheduledChangeStruct) });
export type ScheduleListAnswer = Infer<typeof ScheduleListAnswerStruct>;

export const EditingSettingsStruct = object({ staffMayEdit: boolean() });
export type EditingSettings = Infer<typeof EditingSettingsStruct>;

/** One field the struct refused: its path (`items[2].title`) and the struct's message. */
export const ProblemStruct = object({ path: string(), message: string() });
export type Problem = Infer<typeof ProblemStruct>;

/** The editor's own refusals (the shared ones are CONSOLE_REFUSAL). */
export const CONTENT_ERROR = {
  /** 400: the document is not valid by its struct or against the other documents; `data.problems` lists every field. */
  invalidDocument: 'content_invalid_document',
  /**
   * 400: a text or the document is over its maximum (content/content-limits.ts); `data.field` is
   * the first such field's path ('' for the document), `data.problems` lists each, as for
   * invalidDocument. Nothing is checked, stored or rendered.
   */
  tooLong: 'content_too_long',
  /**
   * 403: the draft changes a part only the repository sets (the contact form's API actions and
   * allowed hosts: repository-only-parts.ts); `data.problems` names each field, as invalidDocument's.
   */
  fieldNotEditable: 'content_field_not_editable',
  /** 409: the document was published since the draft's base revision; `data.current` is the live DocumentSummary. */
  conflict: 'content_conflict',
  /** 404: no such document or revision. */
  unknownDocument: 'content_unknown_document',
  /** 503: the pages could not be rendered. After a publish or restore the revision is stored all the same (`data.revision`) and rendered again when next noticed; a preview shows nothing. */
  renderFailed: 'content_render_failed',
  /**
   * 429: this person published (restores and new projects count) more often than
   * CONTENT_PUBLISH_RATE_LIMIT allows; the message says when to try again (`data.retry_after`,
   * seconds, and Retry-After). Nothing is stored.
   */
  publishRateLimited: 'content_publish_rate_limited',
  /** 429: this person previewed more often than CONTENT_PREVIEW_RATE_LIMIT allows; as publishRateLimited. */
  previewRateLimited: 'content_preview_rate_limited',
  /**
   * 400 on a replace: a document would not be valid with the replacement (a text over its
   * maximum, a link that is no longer one); `data.places` lists each as ReplaceProblemStruct.
   * Nothing is stored.
   */
  replaceInvalid: 'content_replace_invalid',
  /** 400 on a replace: the text is in more places than a search lists (SEARCH_PLACES_MAX, content-search.ts); `data.count` says how many. Nothing is changed. */
  tooManyPlaces: 'content_too_many_places',
  /** 400 on a replace: the text is in no live document (nothing to change). */
  nothingToReplace: 'content_nothing_to_replace',
  /** 409 on a schedule: SCHEDULES_WAITING_MAX changes are waiting already; one must go live or be cancelled first. */
  tooManyScheduled: 'content_too_many_scheduled',
  /** 409 on a cancel: the change is no longer waiting (published, failed or cancelled already); `data.schedule` is it now. */
  scheduleNotWaiting: 'content_schedule_not_waiting',
} as const;

/** A field a replacement would make invalid: its document, its path, and why. */
export const ReplaceProblemStruct = object({ name: DocumentNameStruct, path: string(), message: string() });
export type ReplaceProblem = Infer<typeof ReplaceProblemStruct>;
