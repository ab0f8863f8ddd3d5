import { describe, expect, it } from 'vitest';
import { mindate } from '../../../../src/validation/rules/mindate.ts';
import { passes } from '../rule-harness.ts';

describe('mindate', () => {
  it.each(['2024-06-01', '2024-06-02', '2025-01-01', 'not a date'])('threshold 2024-06-01 accepts %j', (value) => {
    expect(passes(mindate, { threshold: '2024-06-01' }, [value])).toBe(true);
  });
  it.each(['2024-05-31', '2023-12-31'])('threshold 2024-06-01 refuses %j', (value) => {
    expect(passes(mindate, { threshold: '2024-06-01' }, [value])).toBe(false);
  });
  it('ignores a threshold that is not a date', () => expect(passes(mindate, { threshold: 'soon' }, ['2000-01-01'])).toBe(true));
  it('passes an empty field', () => expect(passes(mindate, { threshold: '2024-06-01' }, [])).toBe(true));
});
