// The sidebar form's fields, in the plugin's order and with its posted names and rules, built
// from a form of content/documents/sidebar-contact.json. The browser renders and checks them; the server
// reads and checks the same list, so the two can never disagree about what is valid.
import type { SidebarContact, SidebarContactForm } from '../../../content/structs/sidebar-contact.struct.ts';
import { ADMIN_AJAX_ACTION_FIELD } from '../shared/admin-ajax.ts';
import type { SidebarFieldRules } from './check-sidebar-form.ts';

/** admin-ajax.php's actions: sending a message, and asking for a human-test question. */
export const SIDEBAR_SEND_ACTION = 'ncf_send_message';
export const HUMAN_TEST_ACTION = 'ncf_human_test';

export const SIDEBAR_FIELD = {
  action: ADMIN_AJAX_ACTION_FIELD,
  formIndex: 'ncf_form_index',
  name: 'ncf_name_field',
  company: 'ncf_company_field',
  phone: 'ncf_phone_field',
  address: 'ncf_address_field',
  email: 'ncf_email_field',
  subject: 'ncf_subject_field',
  message: 'ncf_message_field',
  answer: 'ncf_answer_field',
  /** Not the plugin's: the signed challenge the question came with (see server/sidebar-form/human-test.ts). */
  challenge: 'ncf_challenge',
} as const;

export type SidebarFieldKey = Exclude<keyof typeof SIDEBAR_FIELD, 'action' | 'formIndex' | 'challenge'>;

export interface SidebarField extends SidebarFieldRules {
  key: SidebarFieldKey;
  control: 'text' | 'email' | 'tel' | 'textarea';
  required: boolean;
  /** The input's maxlength, where the plugin set one (the answer's 2). */
  maxLength?: number;
  autocomplete?: string;
}

/** Longest message and optional-field texts accepted: the plugin set none; a bound keeps one request small. */
export const SIDEBAR_MESSAGE_MAX = 5000;
export const SIDEBAR_TEXT_MAX = 200;

/** The human test's state for the rules: off, on with its expected sum, or on with no question yet. */
export type HumanTestRule = { enabled: false } | { enabled: true; sum: number | null };

const OPTIONAL: ReadonlyArray<{ key: 'company' | 'phone' | 'address' | 'subject'; rules: string; control: SidebarField['control']; autocomplete?: string }> = [
  { key: 'company', rules: 'required', control: 'text', autocomplete: 'organization' },
  { key: 'phone', rules: 'required|numeric', control: 'tel', autocomplete: 'tel' },
  { key: 'address', rules: 'required', control: 'text', autocomplete: 'street-address' },
  { key: 'subject', rules: 'required', control: 'text' },
];

export function sidebarFormFields(labels: SidebarContact['labels'], form: SidebarContactForm, humanTest: HumanTestRule): SidebarField[] {
  const optional = (key: (typeof OPTIONAL)[number]['key']): SidebarField | null => {
    const spec = OPTIONAL.find((entry) => entry.key === key);
    const setting = form.fields[key];
    if (!spec || !setting.on) return null;
    const rules = setting.required ? `${spec.rules}|max[${SIDEBAR_TEXT_MAX}]` : `max[${SIDEBAR_TEXT_MAX}]`;
    return { key, name: SIDEBAR_FIELD[key], label: labels[key], rules, control: spec.control, required: setting.required, ...(spec.autocomplete ? { autocomplete: spec.autocomplete } : {}) };
  };
  const fields: Array<SidebarField | null> = [
    { key: 'name', name: SIDEBAR_FIELD.name, label: labels.name, rules: 'required|min[2]|max[32]', control: 'text', required: true, autocomplete: 'name' },
    optional('company'),
    optional('phone'),
    optional('address'),
    { key: 'email', name: SIDEBAR_FIELD.email, label: labels.email, rules: 'required|email', control: 'email', required: true, autocomplete: 'email' },
    optional('subject'),
    { key: 'message', name: SIDEBAR_FIELD.message, label: labels.message, rules: `required|max[${SIDEBAR_MESSAGE_MAX}]`, control: 'textarea', required: true },
  ];
  if (humanTest.enabled) {
    const rules = humanTest.sum === null ? 'required|numeric' : `required|numeric|answer[${humanTest.sum}]`;
    fields.push({ key: 'answer', name: SIDEBAR_FIELD.answer, label: labels.answer, rules, control: 'text', required: true, maxLength: 2 });
  }
  return fields.filter((field): field is SidebarField => field !== null);
}
