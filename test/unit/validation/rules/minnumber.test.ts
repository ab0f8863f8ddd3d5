import { describe, expect, it } from 'vitest';
import { minnumber } from '../../../../src/validation/rules/minnumber.ts';
import { passes } from '../rule-harness.ts';

describe('minnumber', () => {
  it.each(['5', '5.0', '6', '1e3', 'abc'])('threshold 5 accepts %j', (value) => {
    expect(passes(minnumber, { threshold: 5 }, [value])).toBe(true);
  });
  it.each(['4', '4.999', '-10', '-5e3'])('threshold "5" refuses %j', (value) => {
    expect(passes(minnumber, { threshold: '5' }, [value])).toBe(false);
  });
  it('works with negative and decimal thresholds', () => expect(passes(minnumber, { threshold: '-1.5' }, ['-1.5'])).toBe(true));
  it('passes an empty field', () => expect(passes(minnumber, { threshold: 5 }, [])).toBe(true));
});
