// requiredfile: at least one uploaded file (a text value does not count, as in swv).
import { valuesOf } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export const requiredfile: RuleCheck = (rule, values) => valuesOf(values, rule.field).some((value) => typeof value !== 'string');
