// minlength: total length at least `threshold`; a total of 0 passes (empty is required's job).
import type { RuleCheck } from '../rule.ts';
import { textLength } from './text-length.ts';
import { numericThreshold } from './threshold.ts';

export const minlength: RuleCheck = (rule, values) => {
  const length = textLength(values, rule.field);
  const threshold = numericThreshold(rule);
  return length === 0 || threshold === undefined || length >= threshold;
};
