// answer[n]: the human test's sum. The browser knows n from the question it shows; the server
// checks the same rule with n from the signed challenge, so a bot that skips the page's script
// is refused all the same.
import { decimalOf, isBlank, textOf, type SidebarRuleCheck } from '../rule.ts';

export const answer: SidebarRuleCheck = (value, [expected = '']) => {
  if (isBlank(value)) return true;
  const typed = decimalOf(textOf(value));
  return typed !== undefined && typed === decimalOf(expected);
};
