// Mail health's named states (README.md, "Mail health") as states of the console's machines:
// the health banner's `mail` region and the dashboard's `shown` both have one state per answer
// the server can give, so a view renders a state, never a flag. Each entry is a state's path
// below the machine's mail node and what of the answer it stands for.
import type { MailFailureKind, MailHealth, MailHealthState } from '../../validation/shared/mail-health.protocol.ts';

export interface MailHealthTarget {
  /** The state's path below the machine's mail node. */
  path: string;
  state: MailHealthState;
  /** failing: the kind of the mail server's answer; delivering: late or not. */
  detail: MailFailureKind | 'onTime' | 'late' | null;
}

export const MAIL_HEALTH_TARGETS: readonly MailHealthTarget[] = [
  { path: 'notConfigured', state: 'notConfigured', detail: null },
  { path: 'noCompanyAddress', state: 'noCompanyAddress', detail: null },
  { path: 'failing.login', state: 'failing', detail: 'login' },
  { path: 'failing.connection', state: 'failing', detail: 'connection' },
  { path: 'failing.certificate', state: 'failing', detail: 'certificate' },
  { path: 'failing.other', state: 'failing', detail: 'other' },
  { path: 'delivering.onTime', state: 'delivering', detail: 'onTime' },
  { path: 'delivering.late', state: 'delivering', detail: 'late' },
  { path: 'healthy', state: 'healthy', detail: null },
];

/** The parameterized guard both machines use: the answer is the target's state. */
export function isMailHealth(health: MailHealth | null | undefined, target: Pick<MailHealthTarget, 'state' | 'detail'>): boolean {
  if (health == null || health.state !== target.state) return false;
  if (health.state === 'failing') return health.reason === target.detail;
  if (health.state === 'delivering') return target.detail === (health.late ? 'late' : 'onTime');
  return true;
}

/** The mail states that need the owner: the banner shows them. */
export const needsOwner = (target: MailHealthTarget): boolean => target.state !== 'healthy' && target.detail !== 'onTime';
