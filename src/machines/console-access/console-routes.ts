// The console's hash routes (README.md "The console"): the hash keeps every address of the
// console on one page, and an enrolment token out of server logs and Referer headers. The paths
// themselves are written once in src/validation/console/console-hashes.ts.
import { isDocumentName, type DocumentName } from '../../../content/document-names.ts';
import { CONSOLE_HASH, isListHash, queryOfHash } from '../../validation/console/console-hashes.ts';

export type ConsolePage =
  | 'dashboard'
  | 'inbox'
  | 'message'
  | 'subscribers'
  | 'subscriber'
  | 'clicks'
  | 'people'
  | 'audit'
  | 'privacy'
  | 'media'
  | 'backups'
  | 'account'
  | 'content'
  | 'contentDocument'
  | 'contentRevisions'
  | 'addProject'
  | 'contentSearch'
  | 'enrolment'
  | 'notFound';

export interface ConsoleRoute {
  page: ConsolePage;
  /** A list page's filter: the query string after `?` (`#/messages?state=spam`); the editor's field (`#/content/company?field=phone`). */
  query: string;
  /** `#/messages/<id>` */
  messageId: number | null;
  /** `#/subscribers/<id>` */
  subscriberId: number | null;
  /** `#/enrol/<token>` */
  token: string | null;
  /** `#/content/<name>` and `#/content/<name>/revisions` (content/content-documents.ts) */
  documentName: DocumentName | null;
}

const route = (page: ConsolePage, extra: Partial<ConsoleRoute> = {}): ConsoleRoute => ({ page, query: '', messageId: null, subscriberId: null, token: null, documentName: null, ...extra });

/** The pages that list things, with their filter in the hash's query. */
const LIST_PAGES = [
  ['inbox', CONSOLE_HASH.messages],
  ['subscribers', CONSOLE_HASH.subscribers],
  ['clicks', CONSOLE_HASH.clicks],
  ['contentSearch', CONSOLE_HASH.contentSearch],
] as const;

/** The pages at one fixed address. */
const PLAIN_PAGES = [
  ['people', CONSOLE_HASH.people],
  ['audit', CONSOLE_HASH.audit],
  ['privacy', CONSOLE_HASH.privacy],
  ['media', CONSOLE_HASH.media],
  ['backups', CONSOLE_HASH.backups],
  ['account', CONSOLE_HASH.account],
  ['content', CONSOLE_HASH.content],
  ['addProject', CONSOLE_HASH.addProject],
] as const;

/** The route of an address's hash (`#/messages/12`, `#/messages?state=spam`, `''`). */
export function parseConsoleHash(hash: string): ConsoleRoute {
  const path = hash.startsWith('#') ? hash : `#${hash}`;
  if (path === '#' || path === CONSOLE_HASH.dashboard) return route('dashboard');
  for (const [page, listHash] of LIST_PAGES) if (isListHash(path, listHash)) return route(page, { query: queryOfHash(path) });
  for (const [page, pageHash] of PLAIN_PAGES) if (path === pageHash) return route(page);
  const message = /^#\/messages\/([1-9]\d{0,15})$/.exec(path);
  if (message) return route('message', { messageId: Number(message[1]) });
  const subscriber = /^#\/subscribers\/([1-9]\d{0,15})$/.exec(path);
  if (subscriber) return route('subscriber', { subscriberId: Number(subscriber[1]) });
  const content = /^#\/content\/([A-Za-z]{1,40})(\/revisions)?$/.exec(path);
  if (content && isDocumentName(content[1]!)) return route(content[2] ? 'contentRevisions' : 'contentDocument', { documentName: content[1] });
  // The editor at one field (`?field=offices[0].phone`): where find and replace links.
  const field = /^#\/content\/([A-Za-z]{1,40})\?(.{1,400})$/.exec(path);
  if (field && isDocumentName(field[1]!)) return route('contentDocument', { documentName: field[1], query: field[2]! });
  const enrolment = /^#\/enrol\/([A-Za-z0-9_-]{1,200})$/.exec(path);
  if (enrolment) return route('enrolment', { token: enrolment[1]! });
  return route('notFound');
}

/** Pages only an owner may open. */
export const OWNER_PAGES: ReadonlySet<ConsolePage> = new Set(['people', 'audit', 'privacy', 'backups']);
