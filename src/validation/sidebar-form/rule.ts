// What a sidebar-form rule is (the Ninja Kick plugin's jValidator rules): a pure check of one
// field's value, with the rule's bracketed parameters and the whole form's values (for
// `matches`), true when valid. A checkbox's value is a boolean, any other field's a string.

export type SidebarValue = string | boolean;

export type SidebarValues = Readonly<Record<string, SidebarValue>>;

export type SidebarRuleCheck = (value: SidebarValue, params: readonly string[], values: SidebarValues) => boolean;

/** The text of a value; a checkbox has none. */
export const textOf = (value: SidebarValue): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Every rule but required (and matches, which compares) passes an empty field: emptiness is
 * required's to report, and an optional field left empty is fine.
 */
export const isBlank = (value: SidebarValue): boolean => typeof value === 'string' && value.trim() === '';

/** A decimal number as a visitor types it ("7", "-2.5"), nothing JavaScript alone would accept ("0x1f", "1e3"). */
export function decimalOf(text: string): number | undefined {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text.trim()) ? Number(text) : undefined;
}
