// Thresholds arrive as numbers or strings ("5", "2024-01-31"): one reading for every rule.
// A threshold that is not a number disables the rule (swv: a NaN comparison never fails).
import type { SwvRule } from '../schema.ts';

export function numericThreshold(rule: SwvRule): number | undefined {
  const value = typeof rule.threshold === 'number' ? rule.threshold : Number.parseFloat(rule.threshold ?? '');
  return Number.isFinite(value) ? value : undefined;
}
