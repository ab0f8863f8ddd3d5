import { describe, expect, it } from 'vitest';
import { all } from '../../../../src/validation/rules/all.ts';
import type { SwvRule } from '../../../../src/validation/schema.ts';
import { field, passes } from '../rule-harness.ts';

const nested: SwvRule[] = [
  { rule: 'number', field, error: 'Enter a number' },
  { rule: 'minnumber', field, error: 'Too small', threshold: 10 },
  { rule: 'no-such-rule', field, error: 'ignored' },
];

describe('all', () => {
  it.each([[['10']], [['99']], [[]]])('accepts %j when every nested rule passes', (values) => {
    expect(passes(all, { rules: nested }, values)).toBe(true);
  });
  it.each([[['abc']], [['9']]])('refuses %j when a nested rule fails', (values) => {
    expect(passes(all, { rules: nested }, values)).toBe(false);
  });
  it('passes with no nested rules', () => expect(passes(all, {}, ['x'])).toBe(true));
  it('nests', () => {
    const inner: SwvRule = { rule: 'all', field, error: 'inner', rules: [{ rule: 'maxnumber', field, error: 'big', threshold: 20 }] };
    expect(passes(all, { rules: [...nested, inner] }, ['21'])).toBe(false);
    expect(passes(all, { rules: [...nested, inner] }, ['20'])).toBe(true);
  });
});
