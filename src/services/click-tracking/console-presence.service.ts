// Whether a console user is signed in on this browser (the presence cookie beside the console's
// session: src/validation/console/console-presence.ts). Only then does a page ask for its links'
// click counts (README.md, "Click counts"); the server checks the session itself.
import { hasConsolePresence } from '../../validation/console/console-presence.ts';

export function isConsoleSignedIn(from: { cookie: string } | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  return from !== undefined && hasConsolePresence(from.cookie);
}
