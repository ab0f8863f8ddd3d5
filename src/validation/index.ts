// Public API of the validation engine, shared by the browser (field-change validation) and
// the server (every POST …/feedback). Browser-safe: no node: imports, no heavy dependencies.
export { parseSchema, SchemaError, type SwvRule, type SwvSchema } from './schema.ts';
export { validate, hasErrors, type FieldResult, type ValidationResult, type ValidateOptions } from './validate.ts';
export { formSchema, type FormSchemaOptions } from './form-schema.ts';
export { fieldKey, isEmptyValue } from './field-values.ts';
