// minnumber: every value is a number not below `threshold`. A value that is not a number is
// left to the number rule (swv: NaN never compares as too small).
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { numericThreshold } from './threshold.ts';

export const minnumber: RuleCheck = (rule, values) => {
  const threshold = numericThreshold(rule);
  return threshold === undefined || everyText(values, rule.field, (text) => !(Number.parseFloat(text) < threshold));
};
