// required: a ticked checkbox, or text that is not only spaces (the plugin let "   " through).
import { textOf, type SidebarRuleCheck } from '../rule.ts';

export const required: SidebarRuleCheck = (value) => value === true || textOf(value) !== '';
