// numeric: a decimal number.
import { decimalOf, isBlank, textOf, type SidebarRuleCheck } from '../rule.ts';

export const numeric: SidebarRuleCheck = (value) => isBlank(value) || decimalOf(textOf(value)) !== undefined;
