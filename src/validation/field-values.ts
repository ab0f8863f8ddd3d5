// The values of a field, as every rule sees them. One place decides how FormData entries are
// keyed and what counts as empty, so the browser and the server agree.
//
// Keying (as CF7's FormDataTree): `name`, `name[]`, `name[0]`, `name[a][b]` all belong to the
// field `name`, so a checkbox group or a multiple select posted as `your-topics[]` is validated
// by rules whose `field` is `your-topics`. A plain name posted twice is one value, the last (as
// PHP and FormDataTree read it): the server collapses repeats with `lastValueWins` before
// anything reads the submission, so validation, storage and mail see the same value.
//
// Empty values are left out, as FormDataTree leaves out "": a string that is blank after
// trimming (CF7's JS would count "   " as an answer; a visitor would not) and the nameless,
// zero-byte File a browser posts for a file input with nothing chosen.

export type FieldValue = string | File;

/** `your-topics[]` → `your-topics`; names without brackets are their own field. */
export function fieldKey(name: string): string {
  const bracket = name.indexOf('[');
  return bracket > 0 ? name.slice(0, bracket) : name;
}

export function isEmptyValue(value: FormDataEntryValue): boolean {
  if (typeof value === 'string') return value.trim() === '';
  return value.size === 0 && value.name === '';
}

/** Non-empty values per field, read once per validation. */
export type FieldValues = ReadonlyMap<string, readonly FieldValue[]>;

export function readFieldValues(formData: FormData): FieldValues {
  const values = new Map<string, FieldValue[]>();
  for (const [name, value] of formData.entries()) {
    if (isEmptyValue(value)) continue;
    const key = fieldKey(name);
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  }
  return values;
}

export function valuesOf(values: FieldValues, field: string): readonly FieldValue[] {
  return values.get(field) ?? [];
}

/**
 * True when every value of the field is text passing `test` (and when there is none). A File
 * sent where text is expected is invalid, never silently skipped.
 */
export function everyText(values: FieldValues, field: string, test: (text: string) => boolean): boolean {
  return valuesOf(values, field).every((value) => typeof value === 'string' && test(value));
}

/** The uploaded files of a field. */
export function filesOf(values: FieldValues, field: string): File[] {
  return valuesOf(values, field).filter((value): value is File => typeof value !== 'string');
}

/** True when every value of the field is a File passing `test` (and when there is none). */
export function everyFile(values: FieldValues, field: string, test: (file: File) => boolean): boolean {
  return valuesOf(values, field).every((value) => typeof value !== 'string' && test(value));
}

/**
 * The submission with every plain (bracket-less) name posted more than once reduced to its last
 * value, in the place of that last value; `name[]` lists keep every value.
 */
export function lastValueWins(formData: FormData): FormData {
  const entries = [...formData.entries()];
  const lastIndex = new Map<string, number>();
  entries.forEach(([name], index) => {
    if (!name.includes('[')) lastIndex.set(name, index);
  });
  const collapsed = new FormData();
  entries.forEach(([name, value], index) => {
    if (name.includes('[') || lastIndex.get(name) === index) collapsed.append(name, value);
  });
  return collapsed;
}
