import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, OutboxChannel, OutboxMessage } from '../db/types.ts';
import { forgetWritten } from '../db/forget-written.ts';
import { withoutEmailAddresses } from '../security/log-redaction.ts';
import { claimDueMessages, releaseMessages, renewLease } from './claim-outbox.ts';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-delay.ts';

/*
 * Delivers one channel of the outbox: mail over SMTP (mail-sender.ts) or requests to outside
 * APIs (request-sender.ts). It polls for due rows (and is woken at once when a submission
 * queues one), claims a few at a time (see claim-outbox.ts), sends each with its sender and
 * records the result in the row: delivered, or the error and the time of the next try
 * (retry-delay.ts), or, after the last attempt, failed. Nothing is kept in memory that a
 * restart would need. stop() lets the row being sent finish, hands the rest of its claim back
 * and closes the sender.
 */

/**
 * A failure that says when to try again (an HTTP 429's Retry-After): the row waits at least that
 * long, and so does the whole channel (the service's limit is for the account, not the row).
 */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError';
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/** A refusal that trying again will not change (an HTTP 400): the row is held as failed at once, with its error. */
export class PermanentFailureError extends Error {
  override readonly name = 'PermanentFailureError';
}

/** How one channel's rows are sent. */
export interface OutboxSender {
  channel: OutboxChannel;
  /** What a row is called in the logs ("mail", "request"). */
  noun: string;
  /** Sends the row; throws when it was not delivered. Answers the HTTP status of a request. */
  send(row: OutboxMessage): Promise<{ responseStatus?: number }>;
  /** Rows stored with no recipient wait until there is one (MAIL_TO); always true for requests. */
  hasDefaultRecipient: boolean;
  /** A row deleted once delivered, not kept as delivered: an erasure's own request (README, "Privacy"). */
  isForgottenOnDelivery?(row: OutboxMessage): boolean;
  close(): void;
}

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  sender: OutboxSender;
  log: FastifyBaseLogger;
  now?: () => number;
  retry?: RetryPolicy;
  /** How often to look for due mail when nothing wakes the worker. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed message is reserved: longer than one delivery can take. */
  leaseMs?: number;
}

export interface OutboxWorker {
  start(): void;
  /** Look for due mail now (a submission was just stored). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * nodemailer's codes of a failed login or connection: the server (SMTP_URL) cannot be used at
 * all, so every message waits. Logged at error on the first failure (README.md, "Mail health");
 * a refusal of one message (a bad recipient) stays a warning until MAIL_MAX_AGE.
 */
const SERVER_UNUSABLE_CODES = new Set(['EAUTH', 'ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH']);

export function isServerUnusable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  return typeof code === 'string' && SERVER_UNUSABLE_CODES.has(code);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, log, sender } = options;
  const { noun } = sender;
  const now = options.now ?? Date.now;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const pollMs = options.pollMs ?? 5_000;
  // Few at a time, so a claim is rarely near its end when its message is sent.
  const batchSize = options.batchSize ?? 5;
  const leaseMs = options.leaseMs ?? 5 * 60_000;

  let stopping = false;
  /** Until when the channel waits (a RetryLaterError); 0: not waiting. */
  let pausedUntil = 0;
  let running: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  /**
   * Rows of a claim whose batch the database failed under (a restart, a hang): handed back as
   * soon as it answers again instead of waiting out their lease (leaseMs), so the outbox resumes
   * by itself within a poll (README.md, "Faults the server survives").
   */
  let handBack: number[] = [];
  /** The row sent whose delivery is not recorded yet: never handed back, or it would go twice. */
  let sentUnrecorded: number | null = null;

  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  function pause(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function deliver(claimed: OutboxMessage): Promise<void> {
    // The claim may have run out while earlier messages of the batch were slow to send, and
    // another server may have claimed this one since: send only while still holding it.
    const row = await renewLease(db, claimed, now(), leaseMs);
    if (row === null) {
      log.warn({ outbox: claimed.id }, `${noun} claimed by another worker meanwhile: not sent here`);
      return;
    }
    let sent: { responseStatus?: number };
    try {
      sent = await sender.send(row);
    } catch (error) {
      await recordFailure(row, error);
      return;
    }
    sentUnrecorded = row.id;
    if (sender.isForgottenOnDelivery?.(row) === true) {
      await db.deleteFrom('outbox').where('id', '=', row.id).where('next_attempt_at', '=', row.next_attempt_at).execute();
      sentUnrecorded = null;
      await forgetWritten(db);
      log.info({ outbox: row.id, attempts: row.attempts }, `${noun} delivered and forgotten`);
      return;
    }
    const updated = await db
      .updateTable('outbox')
      .set({ delivered_at: new Date(now()).toISOString(), last_error: null, ...(sent.responseStatus === undefined ? {} : { response_status: sent.responseStatus }) })
      .where('id', '=', row.id)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    sentUnrecorded = null;
    if (Number(updated.numUpdatedRows) === 0) log.warn({ outbox: row.id }, `${noun} delivered after its claim ran out`);
    else log.info({ outbox: row.id, attempts: row.attempts }, `${noun} delivered`);
  }

  async function recordFailure(row: OutboxMessage, error: unknown): Promise<void> {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    // The refusal as logged: mail servers name the recipient in it.
    const logged = { outbox: row.id, attempts: row.attempts, reason: withoutEmailAddresses(reason), code: (error as { code?: unknown }).code };
    const at = now();
    const holding = (query: ReturnType<typeof db.updateTable<'outbox'>>) =>
      query.where('id', '=', row.id).where('next_attempt_at', '=', row.next_attempt_at);
    if (error instanceof PermanentFailureError) {
      await holding(db.updateTable('outbox')).set({ failed_at: new Date(at).toISOString(), last_error: reason }).execute();
      log.error(logged, `${noun} refused: held as failed (npm run outbox -- --retry)`);
      return;
    }
    if (error instanceof RetryLaterError) {
      pausedUntil = Math.max(pausedUntil, at + error.retryAfterMs);
      const delay = Math.max(error.retryAfterMs, retryDelayMs(row.attempts, retry));
      await holding(db.updateTable('outbox')).set({ next_attempt_at: new Date(at + delay).toISOString(), last_error: reason }).execute();
      log.warn({ ...logged, retryInMs: delay }, `${noun} delivery asked to wait: the channel pauses`);
      return;
    }
    if (at - Date.parse(row.created_at) >= retry.maxAgeMs) {
      await holding(db.updateTable('outbox')).set({ failed_at: new Date(at).toISOString(), last_error: reason }).execute();
      log.error(logged, `${noun} still undeliverable after MAIL_MAX_AGE: held as failed (npm run outbox -- --retry)`);
      return;
    }
    const delay = retryDelayMs(row.attempts, retry);
    await holding(db.updateTable('outbox')).set({ next_attempt_at: new Date(at + delay).toISOString(), last_error: reason }).execute();
    if (isServerUnusable(error)) {
      log.error({ ...logged, retryInMs: delay }, `${noun} delivery failed: the server refused the login or could not be reached, will retry`);
      return;
    }
    log.warn({ ...logged, retryInMs: delay }, `${noun} delivery failed, will retry`);
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      const waitMs = pausedUntil - now();
      if (waitMs > 0) {
        // The service asked to wait (429 Retry-After): nothing of the channel is sent before then.
        await pause(Math.min(waitMs, pollMs));
        continue;
      }
      let claimed: OutboxMessage[] = [];
      let next = 0;
      try {
        if (handBack.length > 0) {
          await releaseMessages(db, handBack, now());
          handBack = [];
        }
        claimed = await claimDueMessages(db, {
          now: now(),
          leaseMs,
          limit: batchSize,
          hasDefaultRecipient: sender.hasDefaultRecipient,
          channel: sender.channel,
        });
        for (const [index, row] of claimed.entries()) {
          if (stopping || pausedUntil > now()) {
            await releaseMessages(db, claimed.slice(index).map((rest) => rest.id), now());
            break;
          }
          next = index;
          await deliver(row);
        }
      } catch (error) {
        // The database is away (restart, network): the rows keep their state; try later, and
        // hand back what this claim did not send once it answers.
        handBack = [...handBack, ...claimed.slice(next).map((row) => row.id).filter((id) => id !== sentUnrecorded)];
        sentUnrecorded = null;
        log.error({ err: error }, 'outbox worker could not reach the database');
      }
      if (!stopping && claimed.length < batchSize) await pause(pollMs);
    }
  }

  return {
    start() {
      if (running !== null) return;
      running = loop();
    },
    wake,
    async stop() {
      // The message being sent finishes; the rest of the batch is handed back.
      stopping = true;
      wakeUp?.();
      await running;
      sender.close();
    },
  };
}
