import { describe, expect, it } from 'vitest';
import { maxnumber } from '../../../../src/validation/rules/maxnumber.ts';
import { passes } from '../rule-harness.ts';

describe('maxnumber', () => {
  it.each(['10', '9.99', '-3', '1e1', 'abc'])('threshold 10 accepts %j', (value) => {
    expect(passes(maxnumber, { threshold: 10 }, [value])).toBe(true);
  });
  it.each(['10.01', '11', '1e2'])('threshold "10" refuses %j', (value) => {
    expect(passes(maxnumber, { threshold: '10' }, [value])).toBe(false);
  });
  it('passes an empty field', () => expect(passes(maxnumber, { threshold: 10 }, [])).toBe(true));
});
