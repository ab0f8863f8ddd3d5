// any: at least one nested rule passes. No known nested rule at all: nothing to fail, passes
// (as swv).
import type { RuleCheck } from '../rule.ts';

export const any: RuleCheck = (rule, _values, checkNested) => {
  const results = (rule.rules ?? []).map(checkNested).filter((result) => result !== undefined);
  return results.length === 0 || results.includes(true);
};
