// enum: every value is one of `accept` (compared as strings: the schema may list 1 or "1").
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export const enumeration: RuleCheck = (rule, values) => {
  const accepted = new Set((rule.accept ?? []).map(String));
  return everyText(values, rule.field, (text) => accepted.has(text));
};
