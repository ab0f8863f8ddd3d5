import fp from 'fastify-plugin';

/** Tells whoever delivers mail that the outbox has something new (a submission, a sign-up). */
export interface OutboxSignal {
  /** Called after a mail was committed to the outbox. */
  queued(): void;
  /** Listens for queued mail (the outbox worker wakes up); returns the way to stop listening. */
  onQueued(listener: () => void): () => void;
}

export function createOutboxSignal(): OutboxSignal {
  const listeners = new Set<() => void>();
  return {
    queued() {
      for (const listener of listeners) listener();
    },
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export default fp(
  async function outboxSignal(app) {
    app.decorate('outbox', createOutboxSignal());
  },
  { name: 'outbox-signal', fastify: '5.x' },
);
