import { describe, expect, it } from 'vitest';
import { tel } from '../../../../src/validation/rules/tel.ts';
import { passes } from '../rule-harness.ts';

const valid = ['0821234567', '082 123 4567', '+27 11 568 4100', '+27 (0)11 568-4100', '011.568.4100', '011/568/4100', '(011) 568 4100', '+1-800-555-0199'];
const invalid = ['phone', '+', '082 123 456x', '++27 11 568 4100', '27+11', '082_123_4567', '082,123,4567', 'ext 123'];

describe('tel', () => {
  it.each(valid)('accepts %j', (value) => expect(passes(tel, {}, [value])).toBe(true));
  it.each(invalid)('refuses %j', (value) => expect(passes(tel, {}, [value])).toBe(false));
  it('passes an empty field', () => expect(passes(tel, {}, [' '])).toBe(true));
});
