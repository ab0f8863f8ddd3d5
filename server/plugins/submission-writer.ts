import fp from 'fastify-plugin';
import { createSubmissionWriter } from '../submissions/submission-writer.ts';

/**
 * The group-commit writer of accepted submissions, one per app; closing the app waits until
 * every submission it took is committed (or has failed and been answered so).
 */
export default fp(
  async function submissionWriter(app) {
    const writer = createSubmissionWriter(app.db);
    app.decorate('submissionWriter', writer);
    app.addHook('onClose', async function commitQueuedSubmissions() {
      await writer.close();
    });
  },
  { name: 'submission-writer', fastify: '5.x', dependencies: ['app-context'] },
);
