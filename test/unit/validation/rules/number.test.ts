import { describe, expect, it } from 'vitest';
import { number } from '../../../../src/validation/rules/number.ts';
import { passes } from '../rule-harness.ts';

const valid = ['0', '42', '-7', '3.14', '-0.5', '.5', '1e3', '1E-3', '2.5e+10', ' 12 '];
const invalid = ['abc', '1,5', '+1', '1.', '1.2.3', '0x10', '1e', 'e3', '--1', 'Infinity', 'NaN', '12abc'];

describe('number', () => {
  it.each(valid)('accepts %j', (value) => expect(passes(number, {}, [value])).toBe(true));
  it.each(invalid)('refuses %j', (value) => expect(passes(number, {}, [value])).toBe(false));
  it('passes an empty field', () => expect(passes(number, {}, [])).toBe(true));
});
