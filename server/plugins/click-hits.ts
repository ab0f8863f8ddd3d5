import fp from 'fastify-plugin';
import { purgeOldHits } from '../clicks/click-counts.ts';
import { createHitWriter, hitStoreFor } from '../clicks/hit-writer.ts';

/** How often hits older than CLICK_RETAIN_DAYS are deleted. */
export const CLICK_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The group-commit writer of click hits, one per app (closing the app waits for the hits it
 * took), and the hourly deletion of hits older than CLICK_RETAIN_DAYS.
 */
export default fp(
  async function clickHits(app) {
    const writer = createHitWriter(hitStoreFor(app.db));
    app.decorate('clickHits', writer);
    const purge = () => {
      purgeOldHits(app.db, app.clock(), app.config.clickRetainDays).then(
        (deleted) => {
          if (deleted > 0) app.log.info({ deleted, retainDays: app.config.clickRetainDays }, 'old link clicks deleted');
        },
        (error: unknown) => app.log.error({ err: error }, 'could not delete old link clicks'),
      );
    };
    const timer = setInterval(purge, CLICK_PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async function storeQueuedHits() {
      clearInterval(timer);
      await writer.close();
    });
  },
  { name: 'click-hits', fastify: '5.x', dependencies: ['app-context'] },
);
