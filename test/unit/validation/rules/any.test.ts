import { describe, expect, it } from 'vitest';
import { any } from '../../../../src/validation/rules/any.ts';
import type { SwvRule } from '../../../../src/validation/schema.ts';
import { field, passes } from '../rule-harness.ts';

// A contact detail: an email address or a phone number.
const nested: SwvRule[] = [
  { rule: 'email', field, error: 'Enter an email address' },
  { rule: 'tel', field, error: 'Enter a phone number' },
];

describe('any', () => {
  it.each([[['name@example.co.za']], [['082 123 4567']], [[]]])('accepts %j when a nested rule passes', (values) => {
    expect(passes(any, { rules: nested }, values)).toBe(true);
  });
  it.each([[['call me']], [['name@example']]])('refuses %j when every nested rule fails', (values) => {
    expect(passes(any, { rules: nested }, values)).toBe(false);
  });
  it('passes when no nested rule is known', () => {
    expect(passes(any, { rules: [{ rule: 'no-such-rule', field, error: 'x' }] }, ['x'])).toBe(true);
  });
  it('ignores unknown nested rules among known ones', () => {
    expect(passes(any, { rules: [{ rule: 'no-such-rule', field, error: 'x' }, ...nested] }, ['x'])).toBe(false);
  });
});
