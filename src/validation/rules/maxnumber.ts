// maxnumber: every value is a number not above `threshold` (non-numbers: the number rule's job).
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { numericThreshold } from './threshold.ts';

export const maxnumber: RuleCheck = (rule, values) => {
  const threshold = numericThreshold(rule);
  return threshold === undefined || everyText(values, rule.field, (text) => !(Number.parseFloat(text) > threshold));
};
