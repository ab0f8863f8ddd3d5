// maxfilesize: the field's files total at most `threshold` bytes.
import type { RuleCheck } from '../rule.ts';
import { totalFileSize } from './file-size.ts';
import { numericThreshold } from './threshold.ts';

export const maxfilesize: RuleCheck = (rule, values) => {
  const threshold = numericThreshold(rule);
  return threshold === undefined || totalFileSize(values, rule.field) <= threshold;
};
