// The published site's health (README.md, "Live in seconds"), written once for the browser and
// the server: the console's health banner and /healthz's `site` read it. Browser-safe.
import { enums, nullable, number, object, string, type Infer } from 'superstruct';

/**
 * `live`: the pages served are the live content's (the build's own when nothing is published).
 * `build`: the owner has published, but the live revision's pages could not be made, so the
 * build's own pages (the repository's content) are served. `stale`: an older published
 * revision's pages are served. Both are tried again, after a wait that doubles up to 10 minutes.
 */
export const SiteHealthStruct = object({
  state: enums(['live', 'build', 'stale'] as const),
  /** The content revision whose pages are served; 0: the build's own. */
  servedRevision: number(),
  /** The live revision whose pages could not be made; null while live. */
  failedRevision: nullable(number()),
  /** Why its last attempt failed, in one line. */
  reason: nullable(string()),
  /** Attempts at that revision so far; 0 while live. */
  attempts: number(),
  /** When the last attempt failed. */
  failedAt: nullable(string()),
  /** When the server tries again by itself; null when it does not poll (CONTENT_POLL_INTERVAL off). */
  nextAttemptAt: nullable(string()),
});
export type SiteHealth = Infer<typeof SiteHealthStruct>;
