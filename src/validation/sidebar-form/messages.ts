// The plugin's error messages, exactly (NinjaContactFormOpts.errors). In each, the first %% is
// the field's label and every later %% the rule's next parameter: "* %% must have at least %%
// characters." with "Your name" and min[2] reads "* Your name must have at least 2 characters.".
import type { SidebarRuleName } from './rules/index.ts';

export const SIDEBAR_FORM_MESSAGES = {
  required: '* Please enter %%',
  requiredCheckbox: '* Please %%',
  min: '* %% must have at least %% characters.',
  max: '* %% can have at most %% characters.',
  matches: '* %% must match %%.',
  less: '* %% must be less than %%',
  greater: '* %% must be greater than %%.',
  numeric: '* %% must be numeric.',
  email: '* %% must be a valid email address.',
  ip: '* %% must be a valid ip address.',
  answer: '* Wrong %%',
  // Not the plugin's: it stored whatever came (README.md, "Abuse paths and the limits that stop them").
  controlCharacter: '* %% must not contain control characters.',
} as const satisfies Record<SidebarRuleName | 'requiredCheckbox' | 'controlCharacter', string>;

export type SidebarMessageName = keyof typeof SIDEBAR_FORM_MESSAGES;

/** Fills a message's %% in order: the label, then each parameter; extra %% stay as they are. */
export function formatSidebarMessage(name: SidebarMessageName, label: string, params: readonly string[]): string {
  let text: string = SIDEBAR_FORM_MESSAGES[name];
  let from = 0;
  for (const value of [label, ...params]) {
    const at = text.indexOf('%%', from);
    if (at === -1) break;
    text = `${text.slice(0, at)}${value}${text.slice(at + 2)}`;
    // On after what was put in: a label that itself holds %% is not filled again.
    from = at + value.length;
  }
  return text;
}
