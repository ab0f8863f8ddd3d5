// Size of a field as swv counts it: the total bytes of its files.
import { totalOf, type FieldValues } from '../field-values.ts';

export function totalFileSize(values: FieldValues, field: string): number {
  return totalOf(values, field, (value) => (typeof value === 'string' ? 0 : value.size));
}
