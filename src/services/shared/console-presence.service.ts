// The console's presence mark in this tab's sessionStorage (src/validation/console/console-presence.ts):
// the console sets it while signed in and clears it when the session ends; a public page reads
// it to decide whether to ask for its links' click counts (README.md, "Click counts"). Storage
// that cannot be used (a locked-down browser) reads as no mark and writes nothing.
import { CONSOLE_PRESENCE, hasConsolePresence } from '../../validation/console/console-presence.ts';

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function isConsoleSignedIn(storage: Pick<Storage, 'getItem'> | undefined = tabStorage()): boolean {
  try {
    return storage !== undefined && hasConsolePresence(storage);
  } catch {
    return false;
  }
}

export function markConsolePresence(storage: Pick<Storage, 'setItem'> | undefined = tabStorage()): void {
  try {
    storage?.setItem(CONSOLE_PRESENCE, '1');
  } catch {
    // Full or refused storage: the pages simply show no counts.
  }
}

export function forgetConsolePresence(storage: Pick<Storage, 'removeItem'> | undefined = tabStorage()): void {
  try {
    storage?.removeItem(CONSOLE_PRESENCE);
  } catch {
    // Nothing to clear.
  }
}
