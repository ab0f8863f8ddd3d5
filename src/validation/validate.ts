// The engine: CF7's swv.validate, with a plain object result. Rules run in schema order;
// the first failing rule of a field sets its error and later rules of that field are skipped;
// a field whose rules all pass reports the values it accepted (CF7 shows them in
// data-reflection-of outputs). Rule names the engine does not know are ignored.
import { readFieldValues, valuesOf, type FieldValues } from './field-values.ts';
import { findRule } from './rules/index.ts';
import { parseSchema, type SwvRule, type SwvSchema } from './schema.ts';

export type FieldResult = { error: string } | { validInputs: Array<string | File> };
export type ValidationResult = Record<string, FieldResult>;

export interface ValidateOptions {
  /** Only rules of these fields run (the browser validates the field that changed). */
  fields?: readonly string[];
}

/** undefined: unknown rule name, ignored. */
function checkRule(rule: SwvRule, values: FieldValues): boolean | undefined {
  const check = findRule(rule.rule);
  return check?.(rule, values, (nested) => checkRule(nested, values));
}

// The server validates every POST against the same schema object: parse it once.
const parsed = new WeakMap<object, SwvSchema>();

function parseOnce(schema: unknown): SwvSchema {
  if (schema === null || typeof schema !== 'object') return parseSchema(schema);
  const cached = parsed.get(schema);
  if (cached) return cached;
  const result = parseSchema(schema);
  parsed.set(schema, result);
  return result;
}

export function validate(schema: unknown, formData: FormData, options: ValidateOptions = {}): ValidationResult {
  const { rules } = parseOnce(schema);
  const only = options.fields ? new Set(options.fields) : undefined;
  const values = readFieldValues(formData);
  // A Map, then own properties: a field named "constructor" or "__proto__" is just a field.
  const result = new Map<string, FieldResult>();
  for (const rule of rules) {
    if (only && !only.has(rule.field)) continue;
    const current = result.get(rule.field);
    if (current && 'error' in current) continue;
    if (checkRule(rule, values) === false) {
      result.set(rule.field, { error: rule.error });
    } else if (!current) {
      result.set(rule.field, { validInputs: [...valuesOf(values, rule.field)] });
    }
  }
  return Object.fromEntries(result);
}

export function hasErrors(result: ValidationResult): boolean {
  return Object.values(result).some((field) => 'error' in field);
}
