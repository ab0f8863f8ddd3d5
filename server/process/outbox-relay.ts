import type { OutboxChannel } from '../db/types.ts';
import type { OutboxSignal } from '../plugins/outbox-signal.ts';

/*
 * In a cluster the outbox's workers run in one server process, but every process commits
 * submissions. A process without the workers tells the supervisor when it has queued rows of
 * a channel, and the supervisor tells the process with the workers, which wakes them as if it
 * had queued the rows itself. Without this, mail from the other processes would wait for the
 * workers' next poll (up to five seconds). One message per channel per turn of the event
 * loop, however many submissions that turn committed. A message lost while the jobs process
 * is being replaced costs nothing: a starting worker claims whatever is due.
 */

export interface OutboxQueuedMessage {
  type: 'outbox-queued';
  channel: OutboxChannel;
}

const CHANNELS: readonly OutboxChannel[] = ['mail', 'http', 'brevo'];

export function isOutboxQueuedMessage(message: unknown): message is OutboxQueuedMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    'type' in message &&
    message.type === 'outbox-queued' &&
    'channel' in message &&
    CHANNELS.some((channel) => channel === message.channel)
  );
}

/** In a process without the workers: passes its queued rows on; returns the way to stop. */
export function relayQueuedRows(signal: OutboxSignal, send: (message: OutboxQueuedMessage) => void): () => void {
  const pending = new Set<OutboxChannel>();
  const stops = CHANNELS.map((channel) =>
    signal.onQueued(channel, () => {
      if (pending.has(channel)) return;
      pending.add(channel);
      setImmediate(() => {
        pending.delete(channel);
        send({ type: 'outbox-queued', channel });
      });
    }),
  );
  return () => stops.forEach((stop) => stop());
}

/** In the process with the workers: wakes them for rows another process queued. */
export function wakeForRelayedRows(signal: OutboxSignal, message: unknown): void {
  if (isOutboxQueuedMessage(message)) signal.queued(message.channel);
}
