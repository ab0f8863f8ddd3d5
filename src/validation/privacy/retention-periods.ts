// How long each kind of record is kept: the one source the server's configuration reads
// (server/config.ts), the jobs process applies and the privacy page shows (README, "Privacy").
// Browser-safe: no node: imports.

export interface RetentionPeriod {
  /** The environment variable that sets it, in whole days from 1 to 3650. */
  readonly variable: string;
  readonly defaultDays: number;
}

export const RETENTION_PERIODS = {
  /** Messages from the contact forms (and their files), counted from when they arrived. */
  submissions: { variable: 'SUBMISSION_RETAIN_DAYS', defaultDays: 730 },
  /** Files uploaded with a message: deleted sooner than the message itself. */
  uploads: { variable: 'UPLOAD_RETAIN_DAYS', defaultDays: 180 },
  /** Messages held as spam. */
  spam: { variable: 'SPAM_RETAIN_DAYS', defaultDays: 30 },
  /** The body of a mail once it has been delivered (the message stays in the inbox). */
  deliveredMailBodies: { variable: 'MAIL_BODY_RETAIN_DAYS', defaultDays: 30 },
  /** Newsletter sign-ups never confirmed. */
  unconfirmedSignUps: { variable: 'UNCONFIRMED_SIGN_UP_RETAIN_DAYS', defaultDays: 30 },
  /** Followed links (Track The Click), and links left with no click in that time. */
  clicks: { variable: 'CLICK_RETAIN_DAYS', defaultDays: 365 },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionKind = keyof typeof RETENTION_PERIODS;
export type RetentionDays = Readonly<Record<RetentionKind, number>>;

export const MAX_RETAIN_DAYS = 3650;

export const DEFAULT_RETENTION_DAYS: RetentionDays = Object.fromEntries(
  Object.entries(RETENTION_PERIODS).map(([kind, period]) => [kind, period.defaultDays]),
) as Record<RetentionKind, number>;

/** A refused value: the variable and what is wrong, for the caller to report its own way. */
export class RetentionSettingError extends Error {
  readonly variable: string;
  readonly problem: string;
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.variable = variable;
    this.problem = problem;
    this.name = 'RetentionSettingError';
  }
}

/** Reads every period from an environment; unset is the default; throws RetentionSettingError. */
export function readRetentionDays(env: Readonly<Record<string, string | undefined>>): RetentionDays {
  const days = { ...DEFAULT_RETENTION_DAYS };
  for (const kind of Object.keys(RETENTION_PERIODS) as RetentionKind[]) {
    const { variable } = RETENTION_PERIODS[kind];
    const raw = env[variable]?.trim();
    if (raw === undefined || raw === '') continue;
    const value = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= 1 && value <= MAX_RETAIN_DAYS)) {
      throw new RetentionSettingError(variable, `must be a whole number of days from 1 to ${MAX_RETAIN_DAYS} (got ${JSON.stringify(raw.slice(0, 40))})`);
    }
    days[kind] = value;
  }
  return days;
}
