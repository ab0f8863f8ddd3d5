// The sidebar form's rule table, by the names its rule strings use.
import type { SidebarRuleCheck } from '../rule.ts';
import { answer } from './answer.ts';
import { email } from './email.ts';
import { greater } from './greater.ts';
import { ip } from './ip.ts';
import { less } from './less.ts';
import { matches } from './matches.ts';
import { max } from './max.ts';
import { min } from './min.ts';
import { numeric } from './numeric.ts';
import { required } from './required.ts';

export const sidebarRules = { required, min, max, numeric, email, ip, matches, less, greater, answer } as const satisfies Record<string, SidebarRuleCheck>;

export type SidebarRuleName = keyof typeof sidebarRules;
