// The sidebar form's check, the same in the browser (before sending) and on the server (every
// POST): each field's rules in order, and the first that fails gives the field its message; a
// control character in a field (not a tab or a line break) is refused before any rule.
import { CONTROL_CHARACTER_IN_TEXT } from '../shared/control-characters.ts';
import { formatSidebarMessage } from './messages.ts';
import { parseSidebarRules } from './rule-list.ts';
import { sidebarRules } from './rules/index.ts';
import type { SidebarValues } from './rule.ts';

export interface SidebarFieldRules {
  /** The posted name (`ncf_name_field`). */
  name: string;
  /** The label the messages name ("Your name"). */
  label: string;
  /** The plugin's rule string, "required|min[2]|max[32]". */
  rules: string;
  checkbox?: boolean;
}

/** Each invalid field's message, by posted name, in the order of the fields. */
export function checkSidebarForm(fields: readonly SidebarFieldRules[], values: SidebarValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name] ?? (field.checkbox ? false : '');
    // A NUL or a terminal escape is nobody's writing; PostgreSQL would refuse the NUL outright.
    if (typeof value === 'string' && CONTROL_CHARACTER_IN_TEXT.test(value)) {
      errors[field.name] = formatSidebarMessage('controlCharacter', field.label, []);
      continue;
    }
    for (const rule of parseSidebarRules(field.rules)) {
      if (sidebarRules[rule.name](value, rule.params, values)) continue;
      const message = rule.name === 'required' && field.checkbox ? 'requiredCheckbox' : rule.name;
      errors[field.name] = formatSidebarMessage(message, field.label, rule.params);
      break;
    }
  }
  return errors;
}
