// The cookie that tells a public page a console user is signed in on this browser (README.md,
// "Click counts"): it holds no secret (the session cookie beside it is HttpOnly and is what the
// server checks), so pages can read it and ask for their links' click counts only then;
// anonymous visitors make no counts request at all. Set and cleared with the session cookie
// (server/console/console-sessions.ts). Browser-safe.

export const CONSOLE_PRESENCE_COOKIE = 'console_signed_in';

/** Whether a `document.cookie` string (or a Cookie header) carries the presence cookie. */
export function hasConsolePresence(cookies: string): boolean {
  return cookies.split(';').some((cookie) => cookie.trim() === `${CONSOLE_PRESENCE_COOKIE}=1`);
}
