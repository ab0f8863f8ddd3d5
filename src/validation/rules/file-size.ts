// Size of a field as swv counts it: the total bytes of its files.
import { filesOf, type FieldValues } from '../field-values.ts';

export function totalFileSize(values: FieldValues, field: string): number {
  return filesOf(values, field).reduce((total, file) => total + file.size, 0);
}
