// Which key presses the plugin lets into its SMS and date inputs. Named keys (Backspace, Tab,
// arrows, Enter) and shortcuts (Ctrl/Cmd+V, +A…) always pass: the filter stops stray
// characters, not editing. Pasted text is checked by the field rules instead.

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

function isEditingKey(press: KeyPress): boolean {
  return press.key.length !== 1 || press.ctrlKey === true || press.metaKey === true || press.altKey === true;
}

/** SMS fields: digits, space, plus, brackets and dash. */
export function isAllowedSmsKey(press: KeyPress): boolean {
  return isEditingKey(press) || /^[0-9 +()-]$/.test(press.key);
}

/** Date fields: digits, space, dash and slash. */
export function isAllowedDateKey(press: KeyPress): boolean {
  return isEditingKey(press) || /^[0-9 /-]$/.test(press.key);
}
