import { describe, expect, it } from 'vitest';
import { maxlength } from '../../../../src/validation/rules/maxlength.ts';
import { passes } from '../rule-harness.ts';

describe('maxlength', () => {
  it.each([[[]], [['abc']], [['a', 'bc']], [['é'.repeat(3)]]])('threshold 3 accepts %j', (values) => {
    expect(passes(maxlength, { threshold: 3 }, values)).toBe(true);
  });
  it.each([[['abcd']], [['ab', 'cd']], [['a😀b']]])('threshold 3 refuses %j', (values) => {
    expect(passes(maxlength, { threshold: '3' }, values)).toBe(false);
  });
  it('counts the text as posted, spaces included', () => expect(passes(maxlength, { threshold: 3 }, [' ab '])).toBe(false));
});
