// Runs one rule the way the engine does, on the values of one field, so each rule's table
// reads as "these inputs pass, these fail". Nested rules (all/any) use the real rule table.
import { readFieldValues, type FieldValue, type FieldValues } from '../../../src/validation/field-values.ts';
import type { CheckNested, RuleCheck } from '../../../src/validation/rule.ts';
import { findRule } from '../../../src/validation/rules/index.ts';
import type { SwvRule } from '../../../src/validation/schema.ts';

export const field = 'your-field';

function nestedChecker(values: FieldValues): CheckNested {
  const checkNested: CheckNested = (nested) => findRule(nested.rule)?.(nested, values, checkNested);
  return checkNested;
}

/** Builds the FormData a browser would post: each value under `name` (default: the field). */
export function formDataOf(values: readonly FieldValue[], name = field): FormData {
  const formData = new FormData();
  for (const value of values) formData.append(name, value);
  return formData;
}

export function passes(check: RuleCheck, properties: Partial<SwvRule>, values: readonly FieldValue[], name = field): boolean {
  const rule: SwvRule = { rule: 'under-test', field, error: 'invalid', ...properties };
  const fieldValues = readFieldValues(formDataOf(values, name));
  return check(rule, fieldValues, nestedChecker(fieldValues));
}

/** A File of `size` bytes. */
export function fileOf(name: string, size = 1, type = ''): File {
  return new File([new Uint8Array(size)], name, { type });
}
