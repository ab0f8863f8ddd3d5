// date: YYYY-MM-DD and a day that exists in the calendar (2024-02-29 yes, 2023-02-29 and
// 2024-02-30 no). swv checks the shape only; an impossible date would reach the mailbox.
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

const isoDate = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/;

export function isDate(text: string): boolean {
  const match = isoDate.exec(text.trim());
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC: no time zone shifts).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const date: RuleCheck = (rule, values) => everyText(values, rule.field, isDate);
