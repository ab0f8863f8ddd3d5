// number: an HTML floating-point number as swv reads it: optional minus, integer or decimal
// (".5" too), optional exponent. "1,5", "+1" and "0x10" are not numbers.
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export function isNumber(text: string): boolean {
  return /^-?(?:[0-9]+|[0-9]*\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(text.trim());
}

export const number: RuleCheck = (rule, values) => everyText(values, rule.field, isNumber);
