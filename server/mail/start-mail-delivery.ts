import type { FastifyInstance } from 'fastify';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './outbox-worker.ts';
import { DEFAULT_RETRY_POLICY } from './retry-delay.ts';

/**
 * Starts the outbox worker for an app when SMTP_URL is configured, and wires submissions to
 * wake it. Without SMTP_URL mail stays in the outbox (`npm run outbox` lists it) and this
 * returns null. The sender is MAIL_FROM, else the first MAIL_TO address.
 */
export function startMailDelivery(
  app: FastifyInstance,
  overrides: Partial<Omit<OutboxWorkerOptions, 'db' | 'smtpUrl' | 'message' | 'log'>> = {},
): OutboxWorker | null {
  const { config } = app;
  if (config.smtpUrl === null) {
    app.log.info('SMTP_URL is not set: mail stays in the outbox (npm run outbox lists it)');
    return null;
  }
  if (config.mailTo === null) app.log.warn('MAIL_TO is not set: mail waits in the outbox until it is');
  const from = config.mailFrom ?? config.mailTo?.split(',')[0]?.trim() ?? 'website@localhost';
  const worker = createOutboxWorker({
    db: app.db,
    smtpUrl: config.smtpUrl,
    message: {
      from,
      defaultTo: config.mailTo,
      uploadDir: config.uploadDir,
      messageIdHost: from.split('@')[1] ?? 'localhost',
    },
    log: app.log.child({ component: 'outbox' }),
    now: app.clock,
    retry: { ...DEFAULT_RETRY_POLICY, maxAgeMs: config.mailMaxAgeMs },
    ...overrides,
  });
  const stopListening = app.outbox.onQueued(() => worker.wake());
  worker.start();
  return {
    ...worker,
    async stop() {
      stopListening();
      await worker.stop();
    },
  };
}
