import { describe, expect, it } from 'vitest';
import { minitems } from '../../../../src/validation/rules/minitems.ts';
import { passes } from '../rule-harness.ts';

describe('minitems', () => {
  it.each([[['a', 'b']], [['a', 'b', 'c']], [[]], [['', '']]])('threshold 2 accepts %j', (values) => {
    expect(passes(minitems, { threshold: 2 }, values, 'your-field[]')).toBe(true);
  });
  it.each([[['a']], [['a', '']]])('threshold 2 refuses %j', (values) => {
    expect(passes(minitems, { threshold: '2' }, values, 'your-field[]')).toBe(false);
  });
  it('ignores a threshold that is not a number', () => expect(passes(minitems, { threshold: 'many' }, ['a'])).toBe(true));
});
