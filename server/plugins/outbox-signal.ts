import fp from 'fastify-plugin';
import type { OutboxChannel } from '../db/types.ts';

/**
 * Tells whoever delivers a channel of the outbox that it has something new: mail (a
 * submission, a sign-up) or a request to an outside API. Only that channel's worker wakes, so
 * a submission without API actions costs the request worker nothing.
 */
export interface OutboxSignal {
  /** Called after rows of `channel` (mail by default) were committed to the outbox. */
  queued(channel?: OutboxChannel): void;
  /** Listens for one channel's rows (its worker wakes up); returns the way to stop listening. */
  onQueued(channel: OutboxChannel, listener: () => void): () => void;
}

export function createOutboxSignal(): OutboxSignal {
  const listeners = new Set<{ channel: OutboxChannel; listener: () => void }>();
  return {
    queued(channel = 'mail') {
      for (const entry of listeners) if (entry.channel === channel) entry.listener();
    },
    onQueued(channel, listener) {
      const entry = { channel, listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  };
}

export default fp(
  async function outboxSignal(app) {
    app.decorate('outbox', createOutboxSignal());
  },
  { name: 'outbox-signal', fastify: '5.x' },
);
