// maxitems: at most `threshold` non-empty values.
import { valuesOf } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { numericThreshold } from './threshold.ts';

export const maxitems: RuleCheck = (rule, values) => {
  const threshold = numericThreshold(rule);
  return threshold === undefined || valuesOf(values, rule.field).length <= threshold;
};
