import { describe, expect, it } from 'vitest';
import { isAllowedDateKey, isAllowedSmsKey } from '../../../../src/validation/newsletter/index.ts';

type Case = readonly [string, boolean];

describe('isAllowedSmsKey: digits, space, plus, brackets and dash', () => {
  it.each([
    ...'0123456789 +()-'.split('').map((key): Case => [key, true]),
    ...'a/.,*#_=xZ'.split('').map((key): Case => [key, false]),
    ['Backspace', true],
    ['Tab', true],
    ['ArrowLeft', true],
    ['Enter', true],
  ] satisfies Case[])('%j → %s', (key, expected) => {
    expect(isAllowedSmsKey({ key })).toBe(expected);
  });

  it('lets shortcuts through (paste, select all)', () => {
    expect(isAllowedSmsKey({ key: 'v', ctrlKey: true })).toBe(true);
    expect(isAllowedSmsKey({ key: 'a', metaKey: true })).toBe(true);
  });
});

describe('isAllowedDateKey: digits, space, dash and slash', () => {
  it.each([
    ...'0123456789 -/'.split('').map((key): Case => [key, true]),
    ...'+().a,'.split('').map((key): Case => [key, false]),
    ['Delete', true],
  ] satisfies Case[])('%j → %s', (key, expected) => {
    expect(isAllowedDateKey({ key })).toBe(expected);
  });
});
