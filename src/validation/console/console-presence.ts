// How a public page knows a console user is signed in on this browser tab (README.md, "Click
// counts"): the console marks the tab's sessionStorage while its session is live and clears the
// mark when it ends, so pages ask for their links' click counts only in a tab the console was
// opened in; anonymous visitors make no counts request at all. The mark holds no secret (the
// HttpOnly session cookie is what the server checks) and is not a cookie: a cookie readable by
// scripts told every third-party script on every public page that this visitor runs the site
// (README.md, "Abuse paths"). Browser-safe.

/** The sessionStorage key of the mark; also the name of the presence cookie it replaced, which the server clears. */
export const CONSOLE_PRESENCE = 'console_signed_in';

/** Whether a storage holds the mark. */
export function hasConsolePresence(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(CONSOLE_PRESENCE) === '1';
}
