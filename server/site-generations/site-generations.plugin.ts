import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WriteSynced } from './generation-folders.ts';
import { buildIdOf } from './generation-stamp.ts';
import type { LiveSite } from './served-site.ts';
import { siteGenerations, type SiteGenerations } from './site-generations.ts';
import type { LiveContentSource, SiteRenderer } from './site-renderer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The content store calls it once a revision is stored: the revision's pages are rendered,
     * served here and announced to the other processes before it resolves (README.md "Live in
     * seconds"); it rejects when they could not be made, and the current pages stay.
     */
    contentPublished(revision: number): Promise<void>;
    /** This process's generations: the cluster's IPC notices go to `notice` (process/serve.ts). */
    siteGenerations: SiteGenerations;
  }
}

export interface SiteGenerationsPluginOptions {
  live: LiveSite;
  renderer?: SiteRenderer;
  content?: LiveContentSource;
  announce?: (revision: number) => void;
  write?: WriteSynced;
}

/** At ready: the live revision's pages (rendered if missing), then the poll; stopped with the app. */
export default fp(async function siteGenerationsPlugin(app: FastifyInstance, options: SiteGenerationsPluginOptions): Promise<void> {
  const generations = siteGenerations({
    live: options.live,
    dir: app.config.siteGenerationsDir,
    // Pages rendered by another build are never served by this one (README.md "Live in seconds").
    buildId: await buildIdOf(app.config.staticRoot),
    renderer: options.renderer,
    content: options.content,
    announce: options.announce,
    // What the server answers and mails follows the pages it serves.
    adopt: (content) => {
      app.liveContent.current = content;
    },
    write: options.write,
    // A generation that could not be made is tried again after one poll interval, then twice as long each time.
    ...(app.config.contentPollIntervalMs > 0 ? { retryFromMs: app.config.contentPollIntervalMs } : {}),
    log: app.log,
    now: app.clock,
  });
  app.decorate('siteGenerations', generations);
  app.decorate('contentPublished', (revision: number) => generations.published(revision));
  app.addHook('onReady', async () => {
    await generations.start();
    generations.startPolling(app.config.contentPollIntervalMs);
  });
  app.addHook('onClose', async () => {
    await generations.stop();
  });
}, { name: 'site-generations', fastify: '5.x', decorators: { fastify: ['config', 'clock', 'liveContent'] } });
