// What a rule is: a pure check of one schema rule against the form's values, true when valid.
// Every rule except required/requiredfile passes an empty field, which falls out naturally:
// `[].every(...)` is true and a total over no values is 0.
import type { FieldValues } from './field-values.ts';
import type { SwvRule } from './schema.ts';

/**
 * Composite rules (all, any) check their nested rules with `checkNested`, given by the engine
 * so rules never import the rule table (no import cycle). It answers undefined for a rule name
 * the engine does not know: such a rule is ignored, as at the top level.
 */
export type CheckNested = (rule: SwvRule) => boolean | undefined;

export type RuleCheck = (rule: SwvRule, values: FieldValues, checkNested: CheckNested) => boolean;
