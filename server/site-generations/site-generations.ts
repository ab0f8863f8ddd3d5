import type { FastifyBaseLogger } from 'fastify';
import type { SiteContent } from '../../content/content-documents.ts';
import { loadSiteFiles } from '../routes/static-files-in-memory.ts';
import type { SiteHealth } from '../../src/validation/shared/site-health.protocol.ts';
import { generationFolder, generationName, GENERATIONS_KEPT, hasGeneration, pruneGenerations, removeUnstampedGenerations, writeGeneration, writeSynced, type WriteSynced } from './generation-folders.ts';
import { generationStamp } from './generation-stamp.ts';
import { cacheControlOf, servedSite, type LiveSite } from './served-site.ts';
import type { LiveContentSource, SiteRenderer } from './site-renderer.ts';

/*
 * Keeping one process's site at the live content revision (README.md "Live in seconds"). Three
 * things say a revision is live: a publish in this process (`published`), another process of the
 * cluster (`notice`, over the supervisor's IPC) and, for other servers on the same database, the
 * store's revision number looked at every CONTENT_POLL_INTERVAL (`poll`). Each loads that
 * revision's generation from disk, rendering and writing it first when it is not there, and
 * swaps it in. A generation on disk is used only when it was rendered by this build for this
 * revision of this database (its folder's stamp, generation-stamp.ts); otherwise it is rendered
 * again. One catch-up runs at a time per process, always to the newest revision asked for,
 * and a generation never replaces a newer one. A render or write that fails leaves the current
 * pages serving, is logged at error, and is tried again at the next notice or publish, or by the
 * poll after a wait that doubles from `retryFromMs` up to RETRY_AT_MOST_MS: a build that cannot
 * render the stored documents must not render and log every second in every process. A new
 * revision, or the same one with another stamp, is tried at once. `health` says whether the
 * live revision's pages are served (/healthz's `site`, the console's health banner).
 */

/** The longest wait between two attempts at the same generation. */
export const RETRY_AT_MOST_MS = 10 * 60_000;
/** The first wait when the poll's interval is not given. */
const RETRY_FROM_MS = 1000;

export interface SiteGenerationsOptions {
  live: LiveSite;
  /** config.siteGenerationsDir: where the generations are written. */
  dir: string;
  /** The build served (generation-stamp.ts, buildIdOf): a generation of another build is never loaded. */
  buildId: string;
  keep?: number;
  renderer?: SiteRenderer;
  content?: LiveContentSource;
  /** Tells the cluster's other processes a revision is served here (process/site-generation-relay.ts). */
  announce?: (revision: number) => void;
  /**
   * Given the documents of each revision swapped in, for what the server says and mails besides
   * the pages (the forms' answers, the old addresses: plugins/app-context.ts, `liveContent`).
   */
  adopt?: (content: SiteContent) => void;
  log: FastifyBaseLogger;
  now: () => number;
  /** The file writer (tests give a full disk). */
  write?: WriteSynced;
  /** The first wait before a failed generation is tried again by the poll (CONTENT_POLL_INTERVAL); it doubles with each failure. */
  retryFromMs?: number;
}

export interface SiteGenerations {
  /** A publish stored `revision`: serves it (or newer) here, then tells the other processes; rejects when it could not. */
  published(revision: number): Promise<void>;
  /** Another process serves `revision`: catches up; a failure is logged, not thrown. */
  notice(revision: number): Promise<void>;
  /** Compares the store's live revision with the one served, and catches up. */
  poll(): Promise<void>;
  /** At start: the live revision's pages rather than the build's, when the store has revisions. */
  start(): Promise<void>;
  startPolling(intervalMs: number): void;
  stop(): Promise<void>;
  /** Whether the live revision's pages are served here, and why not. */
  health(): SiteHealth;
}

/** The last generation that could not be made, until a revision as new is served. */
interface Failure {
  revision: number;
  /** Its folder's name; undefined when the failure came before it was known. */
  generation: string | undefined;
  attempts: number;
  at: number;
  reason: string;
}

export class GenerationError extends Error {}

export function siteGenerations(options: SiteGenerationsOptions): SiteGenerations {
  const { live, dir, buildId, log, now } = options;
  const keep = options.keep ?? GENERATIONS_KEPT;
  const retryFromMs = options.retryFromMs ?? RETRY_FROM_MS;
  const state: { wanted: number; running?: Promise<unknown>; timer?: NodeJS.Timeout; polling?: Promise<void>; pollFailed: boolean; serving?: string; failure?: Failure } = {
    wanted: 0,
    pollFailed: false,
  };

  /** When the poll tries `failure` again: the wait doubles with each attempt. */
  const retryAt = (failure: Failure) => failure.at + Math.min(retryFromMs * 2 ** (failure.attempts - 1), RETRY_AT_MOST_MS);

  async function generationOf(revision: number): Promise<string> {
    const { content } = options;
    if (content === undefined) throw new GenerationError(`content revision ${revision} cannot be served: this process has no content store`);
    return generationName(revision, generationStamp(buildId, await content.revisionUid(revision)));
  }

  async function swapTo(revision: number, name: string): Promise<void> {
    const started = now();
    let rendered = false;
    let documents: SiteContent | undefined;
    const { renderer, content } = options;
    if (content === undefined) throw new GenerationError(`content revision ${revision} cannot be served: this process has no content store`);
    if (!(await hasGeneration(dir, name))) {
      if (renderer === undefined) {
        throw new GenerationError(`the pages of content revision ${revision} for this build are not in ${dir}, and this process has no renderer`);
      }
      // The content read now holds `revision` or newer (the store commits before it tells).
      documents = await content.readLiveContent();
      const files = await renderer.render(documents, new Date(now()), await content.readImageManifest?.());
      if (!files.some((file) => file.relative === 'index.html')) throw new GenerationError(`the render of content revision ${revision} has no index.html`);
      await writeGeneration(dir, name, files, options.write ?? writeSynced);
      rendered = true;
    }
    // Read whole into memory first (synchronously: no request runs in between), then one assignment.
    const generation = loadSiteFiles(generationFolder(dir, name), cacheControlOf, Infinity);
    if (revision <= live.current.revision) return;
    // The documents too, read before the swap (a failed read leaves the current pages serving).
    if (options.adopt !== undefined) documents ??= await content.readLiveContent();
    if (revision <= live.current.revision) return;
    live.current = servedSite(live.build, { revision, files: generation.files });
    state.serving = name;
    if (state.failure !== undefined && state.failure.revision <= revision) state.failure = undefined;
    if (documents !== undefined) options.adopt?.(documents);
    log.info({ revision, generation: name, rendered, ms: now() - started }, 'serving the pages of a new content revision');
    const removed = await pruneGenerations(dir, keep, Date.now(), state.serving).catch((error: unknown) => {
      log.warn({ err: error, dir }, 'old site generations could not be removed');
      return [];
    });
    if (removed.length > 0) log.debug({ removed }, 'removed old site generations');
  }

  /** Resolves with the failure that stopped it, or undefined once the newest wanted revision is served. */
  async function catchUp(): Promise<unknown> {
    while (live.current.revision < state.wanted) {
      const revision = state.wanted;
      let generation: string | undefined;
      try {
        generation = await generationOf(revision);
        await swapTo(revision, generation);
      } catch (error) {
        const failure = failed(revision, generation, error);
        log.error(
          { err: error, revision, generation, serving: live.current.revision, attempt: failure.attempts, retryInMs: retryAt(failure) - failure.at },
          'the pages of a new content revision could not be made: the current ones stay',
        );
        return error;
      }
    }
    return undefined;
  }

  /** Records a failed attempt: the next of the same generation's, or the first of another. */
  function failed(revision: number, generation: string | undefined, error: unknown): Failure {
    const previous = state.failure;
    const again = previous !== undefined && previous.revision === revision && previous.generation === generation;
    const message = error instanceof Error ? error.message : String(error);
    state.failure = { revision, generation, attempts: again ? previous.attempts + 1 : 1, at: now(), reason: message.split('\n')[0]?.slice(0, 300) ?? '' };
    return state.failure;
  }

  /** Whether the poll leaves `revision` alone for now: it failed, nothing changed, and its wait is not over. */
  async function waiting(revision: number): Promise<boolean> {
    const failure = state.failure;
    if (failure === undefined || failure.revision !== revision || now() >= retryAt(failure)) return false;
    // Another stamp (a restore gave the revision another id) is another generation: tried at once.
    return failure.generation === (await generationOf(revision).catch(() => undefined));
  }

  async function serveAtLeast(revision: number): Promise<void> {
    state.wanted = Math.max(state.wanted, revision);
    while (live.current.revision < revision) {
      if (state.running !== undefined) {
        // Another catch-up is under way: it goes to the newest revision wanted, ours included.
        await state.running;
        continue;
      }
      state.running = catchUp().finally(() => {
        state.running = undefined;
      });
      const failure = await state.running;
      if (live.current.revision < revision) throw failure ?? new GenerationError(`content revision ${revision} is not served`);
    }
  }

  async function poll(): Promise<void> {
    const content = options.content;
    if (content === undefined) return;
    let revision: number;
    try {
      revision = await content.liveRevision();
      state.pollFailed = false;
    } catch (error) {
      // Once per outage: the database's own errors say the rest.
      if (!state.pollFailed) log.warn({ err: error }, 'the live content revision could not be read');
      state.pollFailed = true;
      return;
    }
    if (revision <= live.current.revision || (await waiting(revision))) return;
    await serveAtLeast(revision).catch(() => undefined);
  }

  function health(): SiteHealth {
    const served = live.current.revision;
    const failure = state.failure;
    if (failure === undefined || failure.revision <= served) {
      return { state: 'live', servedRevision: served, failedRevision: null, reason: null, attempts: 0, failedAt: null, nextAttemptAt: null };
    }
    return {
      state: served === 0 ? 'build' : 'stale',
      servedRevision: served,
      failedRevision: failure.revision,
      reason: failure.reason,
      attempts: failure.attempts,
      failedAt: new Date(failure.at).toISOString(),
      nextAttemptAt: state.timer === undefined ? null : new Date(retryAt(failure)).toISOString(),
    };
  }

  return {
    async published(revision) {
      await serveAtLeast(revision);
      options.announce?.(live.current.revision);
    },
    notice: (revision) => serveAtLeast(revision).catch(() => undefined),
    poll,
    async start() {
      // A release before the stamps left folders no build serves again (README.md "Live in seconds").
      const removed = await removeUnstampedGenerations(dir).catch((error: unknown) => {
        log.warn({ err: error, dir }, 'old site generations could not be removed');
        return [];
      });
      if (removed.length > 0) log.info({ removed }, 'removed the site generations of a release before the stamps');
      await poll();
    },
    startPolling(intervalMs) {
      if (intervalMs <= 0 || options.content === undefined || state.timer !== undefined) return;
      state.timer = setInterval(() => {
        state.polling ??= poll().finally(() => {
          state.polling = undefined;
        });
      }, intervalMs);
      state.timer.unref();
    },
    async stop() {
      clearInterval(state.timer);
      await state.polling;
      await state.running;
    },
    health,
  };
}
