import fp from 'fastify-plugin';
import { createHitWriter, hitStoreFor } from '../click-tracking/hit-writer.ts';

/**
 * The group-commit writer of click hits, one per app (closing the app waits for the hits it
 * took). Old hits are deleted by the scheduled jobs (jobs/scheduled-jobs.ts).
 */
export default fp(
  async function clickHits(app) {
    const writer = createHitWriter(hitStoreFor(app.db));
    app.decorate('clickHits', writer);
    app.addHook('onClose', async function storeQueuedHits() {
      await writer.close();
    });
  },
  { name: 'click-hits', fastify: '5.x', dependencies: ['app-context'] },
);
