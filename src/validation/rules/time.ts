// time: HH:MM or HH:MM:SS, 00:00 to 23:59:59 (the HTML time string swv accepts).
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export function isTime(text: string): boolean {
  const match = /^([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?$/.exec(text.trim());
  if (!match) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3] ?? 0) <= 59;
}

export const time: RuleCheck = (rule, values) => everyText(values, rule.field, isTime);
