// requiredfile: at least one uploaded file (a text value does not count, as in swv).
import { filesOf } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export const requiredfile: RuleCheck = (rule, values) => filesOf(values, rule.field).length > 0;
