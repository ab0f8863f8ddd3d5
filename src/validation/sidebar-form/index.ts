// The sidebar contact form's rules ("Ninja Kick: Contact Form"), shared by the browser and the
// server. Browser-safe: no node: imports.
export { checkSidebarForm, type SidebarFieldRules } from './check-sidebar-form.ts';
export { formatSidebarMessage, SIDEBAR_FORM_MESSAGES, type SidebarMessageName } from './messages.ts';
export { parseSidebarRules, SidebarRuleError, type SidebarRule } from './rule-list.ts';
export type { SidebarValue, SidebarValues } from './rule.ts';
export { sidebarRules, type SidebarRuleName } from './rules/index.ts';
export {
  HUMAN_TEST_ACTION,
  SIDEBAR_FIELD,
  SIDEBAR_MESSAGE_MAX,
  SIDEBAR_SEND_ACTION,
  SIDEBAR_TEXT_MAX,
  sidebarFormFields,
  type HumanTestRule,
  type SidebarField,
  type SidebarFieldKey,
} from './sidebar-form-fields.ts';
