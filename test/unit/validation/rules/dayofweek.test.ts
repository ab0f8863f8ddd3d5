import { describe, expect, it } from 'vitest';
import { dayofweek } from '../../../../src/validation/rules/dayofweek.ts';
import { passes } from '../rule-harness.ts';

// 2024-06-03 is a Monday, 2024-06-09 a Sunday.
const weekdays = [1, 2, 3, 4, 5];

describe('dayofweek', () => {
  it.each(['2024-06-03', '2024-06-05', '2024-06-07'])('accepts weekday %s', (value) => {
    expect(passes(dayofweek, { accept: weekdays }, [value])).toBe(true);
  });
  it.each(['2024-06-08', '2024-06-09', 'not a date', '2024-02-30'])('refuses %s', (value) => {
    expect(passes(dayofweek, { accept: weekdays }, [value])).toBe(false);
  });
  it('numbers Sunday 7, as ISO 8601', () => expect(passes(dayofweek, { accept: ['7'] }, ['2024-06-09'])).toBe(true));
  it('passes an empty field', () => expect(passes(dayofweek, { accept: weekdays }, [])).toBe(true));
});
