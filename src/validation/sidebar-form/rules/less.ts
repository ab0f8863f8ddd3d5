// less[n]: a number below n.
import { decimalOf, isBlank, textOf, type SidebarRuleCheck } from '../rule.ts';

export const less: SidebarRuleCheck = (value, [limit = '']) => {
  if (isBlank(value)) return true;
  const number = decimalOf(textOf(value));
  const bound = decimalOf(limit);
  return number !== undefined && bound !== undefined && number < bound;
};
