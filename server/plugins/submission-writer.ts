import fp from 'fastify-plugin';
import { followedMessageCatalogue } from '../submissions/message-forms.ts';
import { backfillMessageIndex } from '../submissions/message-index.ts';
import { createSubmissionWriter } from '../submissions/submission-writer.ts';

/**
 * The group-commit writer of accepted submissions, one per app, with the forms its search
 * index reads (`app.messageCatalogue`); closing the app waits until
 * every submission it took is committed (or has failed and been answered so).
 */
export default fp(
  async function submissionWriter(app) {
    // The live content's forms: a form published in the console is indexed by its new fields.
    const catalogue = followedMessageCatalogue(() => ({ cf7: app.forms.all(), sidebar: app.sidebarContact }));
    const writer = createSubmissionWriter(app.db, catalogue);
    app.decorate('submissionWriter', writer);
    app.decorate('messageCatalogue', catalogue);
    // Messages stored before the search index existed are indexed once the server is up
    // (ARCHITECTURE.md, "The inbox's search index"), in the background: a database that is down
    // at start must not keep the server from starting and answering /healthz with 503.
    let backfill: Promise<void> = Promise.resolve();
    app.addHook('onReady', async function indexStoredMessages() {
      backfill = backfillMessageIndex(app.db, catalogue).then(
        (indexed) => {
          if (indexed > 0) app.log.info({ indexed }, 'indexed stored messages for the inbox search');
        },
        (error: unknown) => app.log.warn({ err: error }, 'indexing stored messages for the inbox search failed; the next start tries again'),
      );
    });
    app.addHook('onClose', async function commitQueuedSubmissions() {
      await writer.close();
      await backfill;
    });
  },
  { name: 'submission-writer', fastify: '5.x', dependencies: ['app-context'] },
);
