// The stamp of the retention periods the privacy page was built with (dist/ssr/retention.json,
// written by scripts/prerender.ts) and its comparison with a configuration: the server refuses to
// start, and scripts/start.ts rebuilds, when they differ (README, "Privacy"). No node: imports.
import { RETENTION_PERIODS, type RetentionDays, type RetentionKind } from './retention-periods.ts';

/** The stamp's file name, beside the SSR bundle. */
export const RETENTION_STAMP_FILE = 'retention.json';

/**
 * The first period where the running configuration and the page's numbers differ, as one line
 * naming the variable; undefined when they agree. A stamp missing a kind counts as a difference.
 */
export function retentionMismatch(configured: RetentionDays, built: Partial<Record<string, unknown>>): string | undefined {
  for (const kind of Object.keys(RETENTION_PERIODS) as RetentionKind[]) {
    if (built[kind] === configured[kind]) continue;
    const { variable } = RETENTION_PERIODS[kind];
    return `${variable} is ${configured[kind]} but the privacy page was built with ${String(built[kind] ?? 'no value')}: run npm run build with the same environment`;
  }
  return undefined;
}

/** Why the stamp's text does not match an environment's periods, or undefined when it does (scripts/start.ts). */
export function stampDiffers(stampText: string | undefined, configured: RetentionDays): string | undefined {
  if (stampText === undefined) return 'no retention stamp beside the build';
  let built: unknown;
  try {
    built = JSON.parse(stampText);
  } catch {
    return 'the retention stamp is not JSON';
  }
  if (typeof built !== 'object' || built === null) return 'the retention stamp is not an object';
  return retentionMismatch(configured, built as Record<string, unknown>);
}
