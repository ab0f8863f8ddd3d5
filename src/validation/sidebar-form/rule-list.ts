// A field's rules as the plugin writes them in data-rules: "required|min[2]|max[32]", each
// rule a name with its parameters in brackets, comma-separated ("ip[6]", "matches[email]").
import { sidebarRules, type SidebarRuleName } from './rules/index.ts';

export interface SidebarRule {
  name: SidebarRuleName;
  params: string[];
}

export class SidebarRuleError extends Error {
  override readonly name = 'SidebarRuleError';
}

const RULE = /^([a-z]+)(?:\[([^\]]*)\])?$/;

const isRuleName = (name: string): name is SidebarRuleName => Object.hasOwn(sidebarRules, name);

/** Parses a rule string; an unknown rule is a content bug, refused at build rather than skipped. */
export function parseSidebarRules(text: string): SidebarRule[] {
  if (text.trim() === '') return [];
  return text.split('|').map((part) => {
    const match = RULE.exec(part.trim());
    const name = match?.[1] ?? '';
    if (!match || !isRuleName(name)) throw new SidebarRuleError(`Unknown sidebar form rule "${part}" in "${text}"`);
    return { name, params: match[2] === undefined ? [] : match[2].split(',').map((param) => param.trim()) };
  });
}
