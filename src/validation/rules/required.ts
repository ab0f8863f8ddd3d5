// required: the field has at least one non-empty value (a ticked box, a chosen option, text).
import { valuesOf } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export const required: RuleCheck = (rule, values) => valuesOf(values, rule.field).length > 0;
