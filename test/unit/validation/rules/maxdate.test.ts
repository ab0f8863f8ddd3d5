import { describe, expect, it } from 'vitest';
import { maxdate } from '../../../../src/validation/rules/maxdate.ts';
import { passes } from '../rule-harness.ts';

describe('maxdate', () => {
  it.each(['2024-06-30', '2024-06-29', '2000-01-01', 'not a date'])('threshold 2024-06-30 accepts %j', (value) => {
    expect(passes(maxdate, { threshold: '2024-06-30' }, [value])).toBe(true);
  });
  it.each(['2024-07-01', '2030-01-01'])('threshold 2024-06-30 refuses %j', (value) => {
    expect(passes(maxdate, { threshold: '2024-06-30' }, [value])).toBe(false);
  });
  it('passes an empty field', () => expect(passes(maxdate, { threshold: '2024-06-30' }, [])).toBe(true));
});
