// max[n]: at most n characters (UTF-16 code units, as the browser's maxlength counts).
import { textOf, type SidebarRuleCheck } from '../rule.ts';

export const max: SidebarRuleCheck = (value, [length = '0']) => textOf(value).length <= Number(length);
