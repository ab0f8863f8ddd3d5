import type { FastifyInstance } from 'fastify';
import type { OutboxChannel } from '../db/types.ts';
import { createMailSender } from './mail-sender.ts';
import { createRequestSender } from './request-sender.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './outbox-worker.ts';
import { DEFAULT_RETRY_POLICY } from './retry-delay.ts';

/**
 * Starts the outbox worker for an app when SMTP_URL is configured, and wires submissions to
 * wake it. Without SMTP_URL mail stays in the outbox (`npm run outbox` lists it) and this
 * returns null. The sender is MAIL_FROM, else the first MAIL_TO address.
 */
export function startMailDelivery(
  app: FastifyInstance,
  overrides: Partial<Omit<OutboxWorkerOptions, 'db' | 'sender' | 'log'>> = {},
): OutboxWorker | null {
  const { config } = app;
  if (config.smtpUrl === null) {
    app.log.info('SMTP_URL is not set: mail stays in the outbox (npm run outbox lists it)');
    return null;
  }
  if (config.mailTo === null) app.log.warn('MAIL_TO is not set: mail waits in the outbox until it is');
  const from = config.mailFrom ?? config.mailTo?.split(',')[0]?.trim() ?? 'website@localhost';
  const log = app.log.child({ component: 'outbox' });
  const message = { from, defaultTo: config.mailTo, uploadDir: config.uploadDir, messageIdHost: from.split('@')[1] ?? 'localhost' };
  const worker = createOutboxWorker({
    db: app.db,
    sender: createMailSender({ smtpUrl: config.smtpUrl, message, log }),
    log,
    now: app.clock,
    retry: { ...DEFAULT_RETRY_POLICY, maxAgeMs: config.mailMaxAgeMs },
    ...overrides,
  });
  return startWiredWorker(app, worker, 'mail');
}

/**
 * Starts the worker of the outbox's http channel: the requests forms' API actions queued with
 * their submissions. It needs nothing configured (each request's URL was checked against its
 * form's allow-list when it was stored), so it always runs. Headers queued as `env:NAME` are
 * filled from FORM_ACTION_SECRETS as each request is sent.
 */
export function startRequestDelivery(
  app: FastifyInstance,
  overrides: Partial<Omit<OutboxWorkerOptions, 'db' | 'sender' | 'log'>> & { fetch?: typeof fetch } = {},
): OutboxWorker {
  const { fetch: fetchOverride, ...workerOverrides } = overrides;
  const worker = createOutboxWorker({
    db: app.db,
    sender: createRequestSender({ secrets: app.config.formActionSecrets, ...(fetchOverride ? { fetch: fetchOverride } : {}) }),
    log: app.log.child({ component: 'outbox-requests' }),
    now: app.clock,
    retry: { ...DEFAULT_RETRY_POLICY, maxAgeMs: app.config.mailMaxAgeMs },
    ...workerOverrides,
  });
  return startWiredWorker(app, worker, 'http');
}

/** Starts a worker woken whenever a route queues a row; stopping it stops listening first. */
export function startWiredWorker(app: FastifyInstance, worker: OutboxWorker, channel: OutboxChannel): OutboxWorker {
  const stopListening = app.outbox.onQueued(channel, () => worker.wake());
  worker.start();
  return {
    ...worker,
    async stop() {
      stopListening();
      await worker.stop();
    },
  };
}
