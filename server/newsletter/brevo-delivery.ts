import type { FastifyInstance } from 'fastify';
import { startWiredWorker } from '../mail/start-mail-delivery.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from '../mail/outbox-worker.ts';
import { DEFAULT_RETRY_POLICY } from '../mail/retry-delay.ts';
import { createBrevoSender } from './brevo-sender.ts';
import { brevoListsOf, brevoManagedBy } from './brevo-sync.ts';

/**
 * Starts the worker of the outbox's brevo channel when BREVO_API_KEY is set (README.md "The
 * newsletter service (Brevo)"); null without it. Brevo's changes are never held for their age:
 * they are retried with backoff (at most an hour apart) until Brevo takes them.
 */
export function startBrevoDelivery(
  app: FastifyInstance,
  overrides: Partial<Omit<OutboxWorkerOptions, 'db' | 'sender' | 'log'>> & { fetch?: typeof fetch } = {},
): OutboxWorker | null {
  const { config } = app;
  if (config.brevoApiKey === null) return null;
  const { fetch: fetchOverride, ...workerOverrides } = overrides;
  const log = app.log.child({ component: 'outbox-brevo' });
  const lists = brevoListsOf(config);
  // The live forms' attributes and lists, read when an erasure Brevo refuses is sent.
  const managed = () => (lists === null ? { attributes: [], listIds: [] } : brevoManagedBy(lists, app.newsletterForms.all()));
  const worker = createOutboxWorker({
    db: app.db,
    sender: createBrevoSender({ db: app.db, apiKey: config.brevoApiKey, apiUrl: config.brevoApiUrl, now: app.clock, managed, log, ...(fetchOverride ? { fetch: fetchOverride } : {}) }),
    log,
    now: app.clock,
    retry: { ...DEFAULT_RETRY_POLICY, maxAgeMs: Number.POSITIVE_INFINITY },
    ...workerOverrides,
  });
  return startWiredWorker(app, worker, 'brevo');
}
