// The console's hash routes (README.md "The console"): the hash keeps every address of the
// console on one page, and an enrolment token out of server logs and Referer headers.
export type ConsolePage = 'inbox' | 'message' | 'people' | 'audit' | 'account' | 'enrolment' | 'notFound';

export interface ConsoleRoute {
  page: ConsolePage;
  /** The inbox's filters: the query string after `#/?`. */
  query: string;
  /** `#/messages/<id>` */
  messageId: number | null;
  /** `#/enrol/<token>` */
  token: string | null;
}

const route = (page: ConsolePage, extra: Partial<ConsoleRoute> = {}): ConsoleRoute => ({ page, query: '', messageId: null, token: null, ...extra });

/** The route of an address's hash (`#/messages/12`, `#/?state=spam`, `''`). */
export function parseConsoleHash(hash: string): ConsoleRoute {
  const path = hash.replace(/^#/, '');
  if (path === '' || path === '/') return route('inbox');
  if (path.startsWith('/?')) return route('inbox', { query: path.slice(2) });
  const message = /^\/messages\/([1-9]\d{0,15})$/.exec(path);
  if (message) return route('message', { messageId: Number(message[1]) });
  const enrolment = /^\/enrol\/([A-Za-z0-9_-]{1,200})$/.exec(path);
  if (enrolment) return route('enrolment', { token: enrolment[1]! });
  if (path === '/people') return route('people');
  if (path === '/audit') return route('audit');
  if (path === '/account') return route('account');
  return route('notFound');
}

/** Pages only an owner may open. */
export const OWNER_PAGES: ReadonlySet<ConsolePage> = new Set(['people', 'audit']);
