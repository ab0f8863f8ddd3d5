// The contact form's values and the rules Contact Form 7's client applies to them, as pure
// functions of the form definition: what a change does to a field (exclusive checkboxes), when a
// free-text input is enabled, url completion, acceptance gating, the character counter, and the
// entries that are posted (named the way the plugin names them).
import type { FormDefinition, FormField } from '../../../content/forms/index.ts';
import type { FormEntry } from '../../services/contact-form/contact-form-data.service.ts';
import { CONTACT_FORM_FIELD, freeTextName as freeTextFieldName, refusedAcceptance } from '../../validation/contact-form/index.ts';

export type FieldValue = string | string[] | boolean | File[];
export type FormValues = Readonly<Record<string, FieldValue>>;
export type { FormEntry };

const HONEYPOT_FIELD = CONTACT_FORM_FIELD.honeypot;

type ChoiceField = Extract<FormField, { type: 'checkbox' | 'radio' }>;
type TextLikeField = Extract<FormField, { type: 'text' | 'email' | 'tel' | 'url' | 'textarea' }>;

/** The plugin's name for the free-text input of a checkbox or radio group. */
export function freeTextName(field: ChoiceField): string {
  return freeTextFieldName(field.name);
}

export function hasFreeText(field: FormField): field is ChoiceField & { freeText: true } {
  return (field.type === 'checkbox' || field.type === 'radio') && field.freeText === true;
}

/** Exclusive checkboxes post one value under the plain name, like radios; others post `name[]`. */
export function isMultiValued(field: FormField): boolean {
  return (field.type === 'checkbox' && !field.exclusive) || (field.type === 'select' && field.multiple === true);
}

export function initialValues(fields: readonly FormField[]): FormValues {
  const values: Record<string, FieldValue> = { [HONEYPOT_FIELD]: '' };
  for (const field of fields) {
    switch (field.type) {
      case 'checkbox':
        values[field.name] = [];
        break;
      case 'select':
        values[field.name] = field.multiple ? [] : '';
        break;
      case 'acceptance':
        values[field.name] = false;
        break;
      case 'file':
        values[field.name] = [];
        break;
      default:
        values[field.name] = '';
    }
    if (hasFreeText(field)) values[freeTextName(field)] = '';
  }
  return values;
}

/** A posted value: text, or a chosen file. */
type EntryValue = FormEntry[1];

/**
 * The values that `entries` (named as the form posts them: `fieldEntries`) stand for: what a
 * prerendered form held before its code arrived. Fields not named keep their empty value.
 */
export function valuesOfEntries(fields: readonly FormField[], entries: Iterable<readonly [string, EntryValue]>): FormValues {
  const posted = new Map<string, EntryValue[]>();
  for (const [name, value] of entries) posted.set(name, [...(posted.get(name) ?? []), value]);
  const texts = (name: string) => (posted.get(name) ?? []).filter((value): value is string => typeof value === 'string');
  // A field posted twice is its last value, as the server reads it.
  const text = (name: string) => texts(name).at(-1) ?? '';
  const values: Record<string, FieldValue> = { ...initialValues(fields), [HONEYPOT_FIELD]: text(HONEYPOT_FIELD) };
  for (const field of fields) {
    const { name } = field;
    if (isMultiValued(field)) values[name] = texts(`${name}[]`);
    else if (field.type === 'checkbox') values[name] = texts(name);
    else if (field.type === 'acceptance') values[name] = posted.has(name);
    else if (field.type === 'file') values[name] = (posted.get(name) ?? []).filter((value): value is File => typeof value !== 'string');
    else values[name] = text(name);
    if (hasFreeText(field)) values[freeTextName(field)] = text(freeTextName(field));
  }
  return values;
}

/** The field a control name belongs to (a free-text input belongs to its group). */
export function fieldOf(fields: readonly FormField[], name: string): FormField | undefined {
  return fields.find((field) => field.name === name || (hasFreeText(field) && freeTextName(field) === name));
}

export const textOf = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');
export const listOf = (value: FieldValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
export const filesOf = (value: FieldValue | undefined): File[] =>
  Array.isArray(value) ? value.filter((item): item is File => typeof item !== 'string') : [];

/** What a `field.change` carries, by control: a choice and whether it is ticked, a value, files. */
export interface FieldChange {
  name: string;
  value?: string | string[];
  checked?: boolean;
  files?: File[];
}

export function applyChange(fields: readonly FormField[], values: FormValues, change: FieldChange): FormValues {
  const field = fieldOf(fields, change.name);
  if (!field || field.name !== change.name) {
    return typeof change.value === 'string' ? { ...values, [change.name]: change.value } : values;
  }
  switch (field.type) {
    case 'checkbox': {
      const option = typeof change.value === 'string' ? change.value : '';
      const others = listOf(values[field.name]).filter((item) => item !== option);
      // Ticking one box of an exclusive group unticks the others.
      const chosen = change.checked ? (field.exclusive ? [option] : [...others, option]) : others;
      const order = field.options.map((item) => item.value);
      return { ...values, [field.name]: chosen.sort((a, b) => order.indexOf(a) - order.indexOf(b)) };
    }
    case 'acceptance':
      return { ...values, [field.name]: change.checked === true };
    case 'file':
      return { ...values, [field.name]: change.files ?? [] };
    case 'select':
      if (field.multiple) return { ...values, [field.name]: Array.isArray(change.value) ? change.value : listOf(values[field.name]) };
      return { ...values, [field.name]: typeof change.value === 'string' ? change.value : '' };
    default:
      return typeof change.value === 'string' ? { ...values, [field.name]: change.value } : values;
  }
}

/**
 * A url field gets `http://` in front of a value that has a dot and no scheme, when the visitor
 * leaves it ("example.co.za" → "http://example.co.za"); the value is trimmed either way.
 */
export function completeUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9.+-]*:/i.test(trimmed) || !trimmed.includes('.')) return trimmed;
  return `http://${trimmed.replace(/^\/+/, '')}`;
}

/** What leaving an edited field does to its value. */
export function commitField(fields: readonly FormField[], values: FormValues, name: string): FormValues {
  const field = fieldOf(fields, name);
  if (field?.type !== 'url' || field.name !== name) return values;
  return { ...values, [name]: completeUrl(textOf(values[name])) };
}

/** A free-text input is enabled only while its option (the group's last) is chosen. */
export function isFreeTextEnabled(field: FormField, values: FormValues): boolean {
  if (!hasFreeText(field)) return false;
  const last = field.options[field.options.length - 1]?.value;
  if (last === undefined) return false;
  return field.type === 'radio' ? values[field.name] === last : listOf(values[field.name]).includes(last);
}

/** Every acceptance that is not optional is given (ticked, or left unticked when inverted). */
export function isAccepted(fields: readonly FormField[], values: FormValues): boolean {
  return refusedAcceptance(fields, (field) => values[field.name] === true) === undefined;
}

export interface CharacterCount {
  count: number;
  maximum: number | undefined;
  minimum: number | undefined;
  tooLong: boolean;
  tooShort: boolean;
}

/** The counter of a field holding `count` characters (UTF-16 units, as the length rules count). */
export function characterCount(field: TextLikeField, count: number): CharacterCount {
  const maximum = field.maxLength;
  const minimum = field.minLength;
  return {
    count,
    maximum,
    minimum,
    tooLong: maximum !== undefined && count > maximum,
    tooShort: minimum !== undefined && minimum > 0 && count < minimum,
  };
}

export function hasCounter(field: FormField): field is TextLikeField & { counter: true } {
  return (field.type === 'text' || field.type === 'email' || field.type === 'tel' || field.type === 'url' || field.type === 'textarea') && field.counter === true;
}

/** Quiz and image captcha are per visitor: a prerendered (cached) page must refill them. */
export function hasChallenges(form: Pick<FormDefinition, 'fields'>): boolean {
  return form.fields.some((field) => field.type === 'quiz' || field.type === 'captcha');
}

/** The entries of the visible fields, in order and named as the plugin posts them. */
export function fieldEntries(fields: readonly FormField[], values: FormValues): FormEntry[] {
  const entries: FormEntry[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (isMultiValued(field)) {
      for (const item of listOf(value)) entries.push([`${field.name}[]`, item]);
    } else if (field.type === 'checkbox') {
      for (const item of listOf(value)) entries.push([field.name, item]);
    } else if (field.type === 'acceptance') {
      if (value === true) entries.push([field.name, '1']);
    } else if (field.type === 'file') {
      for (const file of filesOf(value)) entries.push([field.name, file]);
    } else if (field.type === 'radio') {
      if (textOf(value) !== '') entries.push([field.name, textOf(value)]);
    } else {
      entries.push([field.name, textOf(value)]);
    }
    if (hasFreeText(field) && isFreeTextEnabled(field, values)) entries.push([freeTextName(field), textOf(values[freeTextName(field)])]);
  }
  entries.push([HONEYPOT_FIELD, textOf(values[HONEYPOT_FIELD])]);
  return entries;
}
