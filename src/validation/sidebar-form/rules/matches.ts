// matches[field]: the same text as another field of the form (a repeated e-mail address).
import { textOf, type SidebarRuleCheck } from '../rule.ts';

export const matches: SidebarRuleCheck = (value, [other = ''], values) => textOf(value) === textOf(values[other] ?? '');
