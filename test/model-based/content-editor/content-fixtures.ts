// The content editor's protocol answers and refusals, for its model tests and page checks.
import { repositoryContent } from '../../../content/repository-content.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import {
  CONTENT_ERROR,
  type DocumentAnswer,
  type DocumentListAnswer,
  type DocumentSummary,
  type RevisionListAnswer,
  type ScheduledChange,
} from '../../../src/validation/content-editor/content-editor.protocol.ts';

export const content = repositoryContent();

export const THANDI = { id: 2, name: 'Thandi Nkosi' };

export const DOCUMENTS: DocumentListAnswer = {
  canEdit: true,
  documents: [
    { name: 'hero', title: 'Home: hero', group: 'home', revision: 7, number: 3, publishedAt: '2026-03-02T07:30:00.000Z', publishedBy: THANDI },
    { name: 'about', title: 'Home: about', group: 'home', revision: 0, number: 0, publishedAt: null, publishedBy: null },
    { name: 'company', title: 'Company and offices', group: 'company', revision: 3, number: 1, publishedAt: '2026-02-01T10:00:00.000Z', publishedBy: null },
  ],
};

/** Short in a test's name: the model names each path by its events' JSON. */
const named = <T extends object>(value: T, name: string): T => Object.defineProperty(value, 'toJSON', { value: () => name, enumerable: false });

export const HERO: DocumentAnswer = named(
  {
    name: 'hero',
    revision: 7,
    number: 3,
    publishedAt: '2026-03-02T07:30:00.000Z',
    publishedBy: THANDI,
    note: 'New heading',
    document: content.hero,
  },
  'the hero, revision 7',
);

/** The hero as staff read it while no owner lets staff edit. */
export const HERO_READ_ONLY: DocumentAnswer = named({ ...HERO, canEdit: false }, 'the hero, revision 7, read only');

/** Someone else's revision, published after the draft's. */
export const THEIRS: DocumentSummary = { name: 'hero', title: 'Home: hero', group: 'home', revision: 9, number: 4, publishedAt: '2026-03-02T09:00:00.000Z', publishedBy: { id: 3, name: 'Sipho Dlamini' } };

export const REVISIONS: RevisionListAnswer = {
  revisions: [
    { revision: 7, number: 3, publishedAt: '2026-03-02T07:30:00.000Z', publishedBy: THANDI, note: 'New heading', live: true },
    { revision: 4, number: 2, publishedAt: '2026-03-01T07:30:00.000Z', publishedBy: THANDI, note: null, live: false },
    { revision: 0, number: 0, publishedAt: null, publishedBy: null, note: null, live: false },
  ],
};

export const SIGNED_OUT = new ConsoleApiError(CONSOLE_REFUSAL.sessionExpired, 'Your session has ended.', 401);
export const UNREACHABLE = new ConsoleApiError('fetch_error', 'The server could not be reached (Failed to fetch). Check the connection and try again.', 0);
export const UNKNOWN = new ConsoleApiError(CONTENT_ERROR.unknownDocument, 'No such document.', 404);
export const CONFLICT = new ConsoleApiError(CONTENT_ERROR.conflict, 'The document was published since your draft started.', 409, undefined, { status: 409, current: THEIRS });
export const SERVER_INVALID = new ConsoleApiError(CONTENT_ERROR.invalidDocument, 'The document is not valid.', 400, undefined, {
  status: 400,
  problems: [{ path: 'primaryAction.href', message: 'No page of the site has the address /nowhere/' }],
});

/** A person over the server's limit (429, server/console/person-limits.ts): the message says when to try again. */
export const PUBLISH_RATE_LIMITED = new ConsoleApiError(
  CONTENT_ERROR.publishRateLimited,
  'Too many publishes: one person may publish 30 times in 10 minutes (restoring a revision and adding a project count too). Please try again in 6 minutes.',
  429,
  undefined,
  { status: 429, retry_after: 360, limit: 30, window_seconds: 600 },
);
export const PREVIEW_RATE_LIMITED = new ConsoleApiError(
  CONTENT_ERROR.previewRateLimited,
  'Too many previews: one person may preview 60 times in 10 minutes. Please try again in 45 seconds.',
  429,
  undefined,
  { status: 429, retry_after: 45, limit: 60, window_seconds: 600 },
);

/** A change to the hero waiting to go live at 06:00 on Christmas Eve in Johannesburg. */
export const SCHEDULED_HERO: ScheduledChange = {
  id: 4,
  kind: 'document',
  name: 'hero',
  title: 'Home: hero',
  note: 'For the holidays',
  publishAt: '2026-12-24T04:00:00.000Z',
  createdAt: '2026-12-06T08:00:00.000Z',
  by: { id: 1, name: 'owner@example.co.za' },
  state: 'waiting',
  revision: null,
  problem: null,
  doneAt: null,
  doneBy: null,
};
