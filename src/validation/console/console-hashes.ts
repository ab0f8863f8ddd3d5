// The console's addresses (README.md "The console"): every page is a hash route of /admin/, so
// a filter survives a reload and the back button, and an enrolment token never reaches a server
// log. Written once here for the shell's router (src/machines/console-access/console-routes.ts)
// and for every feature that links to a page or keeps its filter in the address. Browser-safe.

/** Each page's path after `#`; a list's filter follows as a query string (`#/messages?state=spam`). */
export const CONSOLE_HASH = {
  dashboard: '#/',
  messages: '#/messages',
  subscribers: '#/subscribers',
  clicks: '#/clicks',
  people: '#/people',
  audit: '#/audit',
  privacy: '#/privacy',
  media: '#/media',
  /** The backups (README.md, "Backups and restore"), owners only. */
  backups: '#/backups',
  account: '#/account',
  content: '#/content',
  /** A new project's card and page in one form (README.md, "Editing the site"). */
  addProject: '#/content/add-project',
  /** Find and replace across the content (README.md, "Editing the site"); `?text=` is the search. */
  contentSearch: '#/content/search',
} as const;

export const messageHash = (id: number): string => `${CONSOLE_HASH.messages}/${id}`;
export const subscriberHash = (id: number): string => `${CONSOLE_HASH.subscribers}/${id}`;
/** A content document's editor, and its revisions (README.md, "Editing the site"). */
export const contentHash = (name: string): string => `${CONSOLE_HASH.content}/${name}`;
export const contentRevisionsHash = (name: string): string => `${contentHash(name)}/revisions`;
/** A content document's editor at one field (`field`: its path, as documentProblems names it). */
export const contentFieldHash = (name: string, field: string): string => `${contentHash(name)}?${new URLSearchParams({ field })}`;
/** The find-and-replace page with its search ('' for none). */
export const contentSearchHash = (text: string): string => (text === '' ? CONSOLE_HASH.contentSearch : `${CONSOLE_HASH.contentSearch}?${new URLSearchParams({ text })}`);

/** A list page's hash with its query (`URLSearchParams` text, '' for none). */
export const hashWithQuery = (page: string, query: string): string => (query === '' ? page : `${page}?${query}`);

/** Whether `hash` is the list page `page` itself, with or without a query (not one of its items). */
export const isListHash = (hash: string, page: string): boolean => hash === page || hash.startsWith(`${page}?`);

/** The query string of a list page's hash ('' when none). */
export const queryOfHash = (hash: string): string => {
  const question = hash.indexOf('?');
  return question === -1 ? '' : hash.slice(question + 1);
};
