import type { FormDefinition, FormField } from '../../content/forms/index.ts';

/*
 * Limits of one form's multipart body, derived from its definition so that nothing a real
 * visitor can send is refused while a bad body is refused as soon as it passes one (a body over
 * 64 KB is parsed as it streams, files to disk, so memory per request stays small; a smaller
 * one is read whole with the same limits): every file input sends at most one part (none of
 * the fields is `multiple`), checkbox groups one part per option, and the hidden fields
 * (_wpcf7…, the reCAPTCHA token, quiz and captcha challenges, the honeypot) a few dozen at
 * most. Text is capped well above any field's maxLength.
 */

export const FIELD_SIZE_LIMIT = 64 * 1024;
export const FIELD_NAME_LIMIT = 200;
const HIDDEN_FIELDS_ALLOWANCE = 40;
const TEXT_ALLOWANCE = 1024 * 1024;

export type FileField = Extract<FormField, { type: 'file' }>;

export interface MultipartLimits {
  fields: number;
  files: number;
  fieldSize: number;
  fieldNameSize: number;
  /** Largest body accepted; anything longer is refused before or while it is read. */
  contentLength: number;
}

export function fileFieldsOf(form: FormDefinition): FileField[] {
  return form.fields.filter((field): field is FileField => field.type === 'file');
}

const cache = new WeakMap<FormDefinition, MultipartLimits>();

/** The limits of a form, computed once per form (each POST looks them up once, before its body). */
export function multipartLimits(form: FormDefinition): MultipartLimits {
  let limits = cache.get(form);
  if (limits === undefined) {
    limits = computeLimits(form);
    cache.set(form, limits);
  }
  return limits;
}

/** The longest body any of `forms` accepts. */
export function largestContentLength(forms: readonly FormDefinition[]): number {
  return Math.max(0, ...forms.map((form) => multipartLimits(form).contentLength));
}

function computeLimits(form: FormDefinition): MultipartLimits {
  const fileFields = fileFieldsOf(form);
  const valueParts = form.fields.reduce(
    (total, field) => total + ('options' in field ? field.options.length + 1 : 1),
    0,
  );
  const fields = valueParts + HIDDEN_FIELDS_ALLOWANCE;
  const totalFiles = fileFields.reduce((total, field) => total + field.maxSize, 0);
  return {
    fields,
    files: fileFields.length,
    fieldSize: FIELD_SIZE_LIMIT,
    fieldNameSize: FIELD_NAME_LIMIT,
    // Twice the files' limits: a file somewhat too large still gets the field's own message
    // ("must be smaller than 5 MB"); a body far beyond is refused unread.
    contentLength: TEXT_ALLOWANCE + 2 * totalFiles,
  };
}
