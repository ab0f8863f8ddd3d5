// all: every nested rule passes (unknown nested rules are ignored). The error is the all
// rule's own, as swv reports the composite rule that failed.
import type { RuleCheck } from '../rule.ts';

export const all: RuleCheck = (rule, _values, checkNested) => (rule.rules ?? []).every((nested) => checkNested(nested) !== false);
