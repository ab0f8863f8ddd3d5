import { describe, expect, it } from 'vitest';
import { stepnumber } from '../../../../src/validation/rules/stepnumber.ts';
import { passes } from '../rule-harness.ts';

describe('stepnumber', () => {
  it.each<[number, number, string]>([
    [0, 5, '10'],
    [0, 5, '-15'],
    [1, 2, '7'],
    [0, 0.1, '0.3'],
    [0.5, 0.25, '1.25'],
  ])('base %d, interval %d accepts %j', (base, interval, value) => {
    expect(passes(stepnumber, { base, interval }, [value])).toBe(true);
  });
  it.each<[number, number, string]>([
    [0, 5, '11'],
    [1, 2, '6'],
    [0, 0.1, '0.35'],
  ])('base %d, interval %d refuses %j', (base, interval, value) => {
    expect(passes(stepnumber, { base, interval }, [value])).toBe(false);
  });
  it('does nothing without a positive interval', () => expect(passes(stepnumber, { interval: 0 }, ['3.3'])).toBe(true));
  it('passes an empty field', () => expect(passes(stepnumber, { base: 0, interval: 2 }, [])).toBe(true));
});
