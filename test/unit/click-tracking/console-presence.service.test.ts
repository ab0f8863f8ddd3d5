import { describe, expect, it } from 'vitest';
import { isConsoleSignedIn } from '../../../src/services/click-tracking/console-presence.service.ts';

describe('isConsoleSignedIn (README.md, "Click counts")', () => {
  it('reads the presence cookie among others, and nothing else', () => {
    expect(isConsoleSignedIn({ cookie: 'wp_nonce=abc; console_signed_in=1; theme=dark' })).toBe(true);
    expect(isConsoleSignedIn({ cookie: 'console_signed_in=1' })).toBe(true);
    expect(isConsoleSignedIn({ cookie: '' })).toBe(false);
    expect(isConsoleSignedIn({ cookie: 'console_signed_in=' })).toBe(false);
    expect(isConsoleSignedIn({ cookie: 'not_console_signed_in=1' })).toBe(false);
    expect(isConsoleSignedIn(undefined)).toBe(false);
  });
});
