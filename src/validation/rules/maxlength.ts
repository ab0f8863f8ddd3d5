// maxlength: total length at most `threshold`.
import type { RuleCheck } from '../rule.ts';
import { textLength } from './text-length.ts';
import { numericThreshold } from './threshold.ts';

export const maxlength: RuleCheck = (rule, values) => {
  const threshold = numericThreshold(rule);
  return threshold === undefined || textLength(values, rule.field) <= threshold;
};
