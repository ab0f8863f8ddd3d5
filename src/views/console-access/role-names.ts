// How the console names the roles (README.md "The console").
import type { ConsoleRole } from '../../validation/console-access/console-access.protocol.ts';

export const ROLE_NAMES: Record<ConsoleRole, string> = { owner: 'Owner', staff: 'Staff' };
