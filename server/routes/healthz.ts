import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { DatabaseUnavailableError, isConnectionLost } from '../db/database-availability.ts';
import type { Database } from '../db/types.ts';
import { readMailState } from '../mail/mail-health.ts';
import { readBackupHealth } from '../operations/backup-runs.ts';
import { messagesFit, readDiskHealth } from '../operations/disk-space.ts';
import type { DiskHealth } from '../../src/validation/shared/disk-health.protocol.ts';

// A load balancer must get an answer quickly, even when PostgreSQL does not answer at all.
const DATABASE_CHECK_TIMEOUT_MS = 3000;
// Load balancers poll often and benchmarks hammer the route: one real write a second per process
// says as much as one per request, which would queue behind every submission for the write lock.
const WRITE_PROBE_INTERVAL_MS = 1000;

const healthSchema = {
  type: 'object',
  required: ['status', 'database'],
  properties: {
    status: { type: 'string' },
    database: { type: 'string', enum: ['ok', 'degraded', 'unreachable'] },
    mail: { type: 'string', enum: ['ok', 'degraded'] },
    backup: { type: 'string', enum: ['ok', 'failed', 'none'] },
    disk: { type: 'string', enum: ['ok', 'low'] },
  },
} as const;

/**
 * `GET /healthz`: 200 when the database takes a write (a one-row upsert, migration 0021), 503
 * `database: degraded` when it answers but takes no write (a full disk: README.md, "Faults the
 * server survives"), 503 `unreachable` when it does not answer. `mail` is the outbox's health
 * (README.md, "Mail health"): degraded mail is not a reason to take the server out of a load
 * balancer, so the status stays 200; nor is a failed backup (`backup`, README.md "Backups and
 * restore": `failed` when the last backup failed, `none` before the first). `disk` is `low` when
 * the database's or the uploads' file system has less free space than its floor
 * (operations/disk-space.ts): 503 for the database's, since a message may no longer fit although
 * the write probe still does; 200 for the uploads' alone (files are refused, messages stored).
 */
export default async function healthzRoutes(app: FastifyInstance): Promise<void> {
  const writeProbe = createWriteProbe(app.db, app.clock);
  const diskCheck = createDiskCheck(() => readDiskHealth(app.config));
  app.get(
    '/healthz',
    {
      // Polled every few seconds by load balancers: only failures are worth a log line.
      logLevel: 'warn',
      schema: { response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const disk = await diskCheck();
      try {
        await withTimeout(writeProbe(), DATABASE_CHECK_TIMEOUT_MS);
      } catch (writeError) {
        // A database that gave no answer is unreachable; one that refused the write is asked to read.
        const answered = !(writeError instanceof CheckTimeoutError) && !isConnectionLost(writeError) && !(writeError instanceof DatabaseUnavailableError);
        const reads = answered && (await withTimeout(sql`select 1`.execute(app.db), DATABASE_CHECK_TIMEOUT_MS).then(() => true, () => false));
        request.log.error({ err: writeError }, reads ? 'database health check: the database answers but takes no write' : 'database health check failed');
        return reply.code(503).send({ status: 'error', database: reads ? 'degraded' : 'unreachable', disk: disk.state });
      }
      try {
        const [mail, backup] = await withTimeout(Promise.all([readMailState(app.db, app.clock()), readBackupHealth(app.db)]), DATABASE_CHECK_TIMEOUT_MS);
        if (!messagesFit(disk)) {
          request.log.error({ disk: disk.database }, "disk health check: the database's disk has less free space than DATABASE_MIN_FREE_BYTES");
          return reply.code(503).send({ status: 'error', database: 'ok', mail, backup: backup.state, disk: disk.state });
        }
        return { status: 'ok', database: 'ok', mail, backup: backup.state, disk: disk.state };
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.code(503).send({ status: 'error', database: 'unreachable', disk: disk.state });
      }
    },
  );
}

/**
 * The write probe: upserts health_probe's one row in a statement of its own. Requests within
 * WRITE_PROBE_INTERVAL_MS of a probe share its outcome (one in flight at a time).
 */
function createWriteProbe(db: Kysely<Database>, clock: () => number): () => Promise<void> {
  let last: { at: number; outcome: Promise<void> } | null = null;
  return () => {
    // Real time, not the app's clock (which tests may hold still), spaces the probes.
    const now = performance.now();
    if (last !== null && now - last.at < WRITE_PROBE_INTERVAL_MS) return last.outcome;
    const checkedAt = new Date(clock()).toISOString();
    const outcome = db
      .insertInto('health_probe')
      .values({ id: 1, checked_at: checkedAt })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ checked_at: checkedAt }))
      .execute()
      .then(() => undefined);
    // Settled either way: a failure is answered, never left unhandled.
    outcome.catch(() => undefined);
    last = { at: now, outcome };
    return outcome;
  };
}

/** The disk's free space, read at most once a WRITE_PROBE_INTERVAL_MS per process, like the probe. */
function createDiskCheck(read: () => Promise<DiskHealth>): () => Promise<DiskHealth> {
  let last: { at: number; outcome: Promise<DiskHealth> } | null = null;
  return () => {
    const now = performance.now();
    if (last !== null && now - last.at < WRITE_PROBE_INTERVAL_MS) return last.outcome;
    last = { at: now, outcome: read() };
    return last.outcome;
  };
}

class CheckTimeoutError extends Error {
  override readonly name = 'CheckTimeoutError';
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
