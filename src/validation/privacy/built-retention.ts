// The retention periods the site was built with (vite.config.ts reads them from the build's
// environment with readRetentionDays), shown on the privacy page and written beside the SSR bundle
// as dist/ssr/retention.json, which the server compares with its own configuration at start
// (README, "Privacy"). Tests, built without the define, see the defaults.
import { DEFAULT_RETENTION_DAYS, type RetentionDays } from './retention-periods.ts';

const defined: string | undefined = import.meta.env.VITE_RETENTION_DAYS;

export const builtRetentionDays: RetentionDays = defined ? (JSON.parse(defined) as RetentionDays) : DEFAULT_RETENTION_DAYS;
