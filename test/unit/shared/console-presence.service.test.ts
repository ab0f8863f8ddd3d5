import { describe, expect, it } from 'vitest';
import { forgetConsolePresence, isConsoleSignedIn, markConsolePresence } from '../../../src/services/shared/console-presence.service.ts';

describe('the console presence mark (README.md, "Click counts")', () => {
  it('is set and cleared in the tab\'s sessionStorage, and is no cookie a page\'s scripts could read', () => {
    sessionStorage.clear();
    expect(isConsoleSignedIn()).toBe(false);
    markConsolePresence();
    expect(isConsoleSignedIn()).toBe(true);
    expect(document.cookie).not.toContain('console_signed_in');
    forgetConsolePresence();
    expect(isConsoleSignedIn()).toBe(false);
  });

  it('reads storage it cannot use as no mark, and writes nothing to it', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(isConsoleSignedIn(refusing)).toBe(false);
    expect(() => markConsolePresence(refusing)).not.toThrow();
    expect(() => forgetConsolePresence(refusing)).not.toThrow();
    expect(isConsoleSignedIn(undefined)).toBe(false);
    expect(isConsoleSignedIn({ getItem: () => 'yes' })).toBe(false);
  });
});
