// date: YYYY-MM-DD and a day that exists in the calendar (2024-02-29 yes, 2023-02-29 and
// 2024-02-30 no). swv checks the shape only; an impossible date would reach the mailbox.
import { isCalendarDate } from '../../../content/structs/calendar-date.ts';
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export function isDate(text: string): boolean {
  return isCalendarDate(text.trim());
}

export const date: RuleCheck = (rule, values) => everyText(values, rule.field, isDate);
