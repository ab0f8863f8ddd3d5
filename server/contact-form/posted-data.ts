import type { FormDefinition, FormField } from '../../content/forms/index.ts';
import { fieldKey } from '../../src/validation/field-values.ts';
import { freeTextName, legacyFreeTextName } from '../../src/validation/contact-form/index.ts';

/*
 * The submission as CF7 keeps it (`WPCF7_Submission::setup_posted_data`): one entry per named
 * field of the form, from the fields the browser posted. Fields CF7 marks do-not-store (quiz,
 * captcha) are left out, choice fields become lists, a free-text option carries its text
 * ("Other: a rooftop screen"), an acceptance box is "1" or "", a file field lists file names.
 * Anything posted that the form does not define (and every `_`-prefixed field) is ignored.
 */

export type { PostedValue } from '../submissions/submission-record.ts';
import type { PostedValue } from '../submissions/submission-record.ts';
export type PostedData = Record<string, PostedValue>;

const DO_NOT_STORE = new Set<FormField['type']>(['quiz', 'captcha']);

// Values by field name, gathered once per submission: every check asks for several fields.
const byName = new WeakMap<FormData, Map<string, FormDataEntryValue[]>>();

/** Every value posted under `name`, `name[]` or `name[…]`, in order. */
export function postedValues(formData: FormData, name: string): FormDataEntryValue[] {
  let index = byName.get(formData);
  if (index === undefined) {
    index = new Map();
    for (const [key, value] of formData.entries()) {
      const field = fieldKey(key);
      const list = index.get(field);
      if (list === undefined) index.set(field, [value]);
      else list.push(value);
    }
    byName.set(formData, index);
  }
  return index.get(name) ?? [];
}

export function postedText(formData: FormData, name: string): string {
  const first = postedValues(formData, name).find((value): value is string => typeof value === 'string');
  return first ?? '';
}

export function readPostedData(form: FormDefinition, formData: FormData): PostedData {
  const data: PostedData = {};
  for (const field of form.fields) {
    if (DO_NOT_STORE.has(field.type)) continue;
    const values = postedValues(formData, field.name);
    const texts = values.filter((value): value is string => typeof value === 'string').map(stripNul);
    switch (field.type) {
      case 'checkbox':
      case 'radio':
      case 'select': {
        let chosen = texts.filter((text) => text !== '');
        const freeText = 'freeText' in field && field.freeText ? freeTextOf(formData, field.name) : '';
        const lastOption = field.options.at(-1)?.value;
        if (freeText !== '' && lastOption !== undefined) {
          chosen = chosen.map((value) => (value === lastOption ? `${value} ${stripNul(freeText)}` : value));
        }
        data[field.name] = chosen;
        break;
      }
      case 'acceptance':
        data[field.name] = texts.some((text) => text.trim() !== '') ? '1' : '';
        break;
      case 'file':
        data[field.name] = values
          .filter((value): value is File => typeof value !== 'string' && value.name !== '')
          .map((file) => file.name);
        break;
      default:
        data[field.name] = texts[0] ?? '';
    }
  }
  return data;
}

/** wp_kses_no_null: NUL characters never reach storage or mail. */
function stripNul(text: string): string {
  return text.replaceAll('\u0000', '');
}

/** A value as one line of text, for subjects and lists. */
export function displayValue(value: PostedValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The text typed beside a free-text option, under CF7 5.x's name or older CF7's. */
export function freeTextOf(formData: FormData, name: string): string {
  return (postedText(formData, freeTextName(name)) || postedText(formData, legacyFreeTextName(name))).trim();
}
