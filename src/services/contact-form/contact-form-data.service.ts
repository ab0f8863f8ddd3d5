// Form entries as the browser posts them: the machine keeps values, services turn them into the
// FormData the API and the validation engine read.

export type FormEntry = readonly [name: string, value: string | File];

export function toFormData(entries: Iterable<FormEntry>): FormData {
  const formData = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') formData.append(name, value);
    else formData.append(name, value, value.name);
  }
  return formData;
}
