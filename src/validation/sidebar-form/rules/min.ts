// min[n]: at least n characters (UTF-16 code units, as the browser's maxlength counts).
import { isBlank, textOf, type SidebarRuleCheck } from '../rule.ts';

export const min: SidebarRuleCheck = (value, [length = '0']) => isBlank(value) || textOf(value).length >= Number(length);
