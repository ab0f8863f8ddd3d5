import { describe, expect, it } from 'vitest';
import { date } from '../../../../src/validation/rules/date.ts';
import { passes } from '../rule-harness.ts';

const valid = ['2024-02-29', '2023-12-31', '2000-02-29', '1999-01-01', '2024-04-30', ' 2024-01-15 '];
const invalid = ['2024-02-30', '2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '2024-1-5', '24-01-05', '05/01/2024', '2024/01/05', 'today'];

describe('date', () => {
  it.each(valid)('accepts %j', (value) => expect(passes(date, {}, [value])).toBe(true));
  it.each(invalid)('refuses %j', (value) => expect(passes(date, {}, [value])).toBe(false));
  it('passes an empty field', () => expect(passes(date, {}, [])).toBe(true));
});
