// mindate: every date is on or after `threshold` (YYYY-MM-DD strings compare as dates).
// Values or thresholds that are not dates are left to the date rule, as in swv.
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { isDate } from './date.ts';

export const mindate: RuleCheck = (rule, values) => {
  const threshold = String(rule.threshold ?? '');
  if (!isDate(threshold)) return true;
  return everyText(values, rule.field, (text) => !isDate(text) || text.trim() >= threshold);
};
