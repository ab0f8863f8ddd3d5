// Length of a field as swv counts it: the sum of `value.length` over its text values, i.e.
// UTF-16 code units ("é" is 1, an emoji 2). The browser's maxlength attribute and the
// character counter count the same way, so all three agree on the same input.
import { valuesOf, type FieldValues } from '../field-values.ts';

export function textLength(values: FieldValues, field: string): number {
  return valuesOf(values, field).reduce((total, value) => total + (typeof value === 'string' ? value.length : 0), 0);
}
