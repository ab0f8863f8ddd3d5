// stepnumber: every value is base + n × interval. Compared to 6 decimals, as swv, so that
// 0.3 with step 0.1 passes despite binary floating point. No positive interval: no check.
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export const stepnumber: RuleCheck = (rule, values) => {
  const base = rule.base ?? 0;
  const interval = rule.interval ?? 0;
  if (!(interval > 0)) return true;
  const onStep = (text: string): boolean => {
    const remainder = Math.abs((Number.parseFloat(text) - base) % interval);
    return remainder.toFixed(6) === '0.000000' || Math.abs(remainder - interval).toFixed(6) === '0.000000';
  };
  return everyText(values, rule.field, onStep);
};
