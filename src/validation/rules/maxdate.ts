// maxdate: every date is on or before `threshold` (non-dates: the date rule's job).
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { isDate } from './date.ts';

export const maxdate: RuleCheck = (rule, values) => {
  const threshold = String(rule.threshold ?? '');
  if (!isDate(threshold)) return true;
  return everyText(values, rule.field, (text) => !isDate(text) || text.trim() <= threshold);
};
