// minfilesize: the field's files total at least `threshold` bytes. No file passes (that is
// requiredfile's job), but a named zero-byte upload is a file, and too small.
import { filesOf } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { totalFileSize } from './file-size.ts';
import { numericThreshold } from './threshold.ts';

export const minfilesize: RuleCheck = (rule, values) => {
  const threshold = numericThreshold(rule);
  if (threshold === undefined || filesOf(values, rule.field).length === 0) return true;
  return totalFileSize(values, rule.field) >= threshold;
};
