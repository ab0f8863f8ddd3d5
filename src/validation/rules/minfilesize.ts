// minfilesize: the field's files total at least `threshold` bytes; no file passes.
import type { RuleCheck } from '../rule.ts';
import { totalFileSize } from './file-size.ts';
import { numericThreshold } from './threshold.ts';

export const minfilesize: RuleCheck = (rule, values) => {
  const size = totalFileSize(values, rule.field);
  const threshold = numericThreshold(rule);
  return size === 0 || threshold === undefined || size >= threshold;
};
