// minitems: at least `threshold` non-empty values (ticked boxes, chosen options).
// No values at all passes: making a choice compulsory is required's job.
import { valuesOf } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { numericThreshold } from './threshold.ts';

export const minitems: RuleCheck = (rule, values) => {
  const count = valuesOf(values, rule.field).length;
  const threshold = numericThreshold(rule);
  return count === 0 || threshold === undefined || count >= threshold;
};
