// dayofweek: the date falls on an accepted ISO weekday (1 = Monday … 7 = Sunday), as swv.
// Read as a UTC calendar date, so the weekday never depends on the visitor's time zone.
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { isDate } from './date.ts';

export function isoWeekday(text: string): number | undefined {
  if (!isDate(text)) return undefined;
  const day = new Date(`${text.trim()}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export const dayofweek: RuleCheck = (rule, values) => {
  const accepted = new Set((rule.accept ?? []).map(String));
  return everyText(values, rule.field, (text) => accepted.has(String(isoWeekday(text))));
};
