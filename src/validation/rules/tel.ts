// tel: an optional + then digits, once spaces and the usual separators (hyphens, dots,
// brackets, slashes, as swv also * and #) are taken out: "+27 (11) 568-4100" passes.
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export function isTel(text: string): boolean {
  return /^\+?[0-9]+$/.test(text.trim().replace(/[()/.*#\s-]+/g, ''));
}

export const tel: RuleCheck = (rule, values) => everyText(values, rule.field, isTel);
