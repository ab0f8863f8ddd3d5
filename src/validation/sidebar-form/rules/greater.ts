// greater[n]: a number above n.
import { decimalOf, isBlank, textOf, type SidebarRuleCheck } from '../rule.ts';

export const greater: SidebarRuleCheck = (value, [limit = '']) => {
  if (isBlank(value)) return true;
  const number = decimalOf(textOf(value));
  const bound = decimalOf(limit);
  return number !== undefined && bound !== undefined && number > bound;
};
