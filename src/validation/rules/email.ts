// email: WordPress' is_email() as swv implements it. Deliberately not RFC 5322: the same
// addresses WordPress accepted must pass here, no more and no fewer.
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

const localPart = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const label = /^[a-z0-9-]+$/i;

export function isEmail(text: string): boolean {
  const address = text.trim();
  if (address.length < 6) return false;
  const at = address.indexOf('@');
  // Exactly one @, and not the first character.
  if (at < 1 || at !== address.lastIndexOf('@')) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!localPart.test(local)) return false;
  if (domain.includes('..') || domain.startsWith('.') || domain.endsWith('.')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((part) => label.test(part) && !part.startsWith('-') && !part.endsWith('-'));
}

export const email: RuleCheck = (rule, values) => everyText(values, rule.field, isEmail);
