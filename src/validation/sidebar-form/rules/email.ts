// email: one plain address, user@host.tld, no spaces (the plugin only asked for "something@something").
import { isBlank, textOf, type SidebarRuleCheck } from '../rule.ts';

const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:".]{2,}$/;

export const email: SidebarRuleCheck = (value) => isBlank(value) || (textOf(value).length <= 254 && ADDRESS.test(textOf(value)));
