import { describe, expect, it } from 'vitest';
import { time } from '../../../../src/validation/rules/time.ts';
import { passes } from '../rule-harness.ts';

const valid = ['00:00', '09:30', '23:59', '12:00:00', '23:59:59'];
const invalid = ['24:00', '12:60', '12:00:60', '9:30', '09:5', '0930', '09:30 am', '09:30:00.5', 'noon'];

describe('time', () => {
  it.each(valid)('accepts %j', (value) => expect(passes(time, {}, [value])).toBe(true));
  it.each(invalid)('refuses %j', (value) => expect(passes(time, {}, [value])).toBe(false));
  it('passes an empty field', () => expect(passes(time, {}, [])).toBe(true));
});
