// The ids that tie a field's label, hint, error message and error-summary link together. The
// error id is Contact Form 7's (`<unit tag>-ve-<field>`), the one the server sends as `error_id`.
import type { ControlFrame } from './field-props.ts';

export interface FieldIds {
  /** The control (the first control of a group), the target of the error summary's link. */
  control: string;
  hint: string;
  error: string;
  /** A group's legend, or a single control's label. */
  label: string;
}

const safe = (text: string) => text.replace(/[^0-9a-z_-]+/gi, '');

export function fieldIds(formId: string, name: string): FieldIds {
  const control = safe(`${formId}-${name}`);
  return {
    control,
    hint: `${control}-hint`,
    error: safe(`${formId}-ve-${name}`),
    label: `${control}-label`,
  };
}

/** The control's aria-describedby: its hint, then anything else, then its error (GOV.UK order). */
export function describedBy(ids: FieldIds, parts: { hint?: boolean; error?: boolean; extra?: readonly string[] }): string | undefined {
  const list = [parts.hint ? ids.hint : '', ...(parts.extra ?? []), parts.error ? ids.error : ''].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

/** What every single control carries: its id, its posted name and its ARIA wiring. */
export function controlWiring(frame: ControlFrame) {
  const ids = fieldIds(frame.formId, frame.name);
  return {
    id: ids.control,
    name: frame.postedName ?? frame.name,
    'aria-required': frame.required ? true : undefined,
    'aria-invalid': frame.error ? true : false,
    'aria-describedby': describedBy(ids, { hint: Boolean(frame.hint), error: Boolean(frame.error), extra: frame.describedBy }),
  } as const;
}
