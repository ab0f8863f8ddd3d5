import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { DatabaseUnavailableError, isConnectionLost } from '../db/database-availability.ts';
import type { Database } from '../db/types.ts';
import { mailSetupOf, readMailState } from '../mail/mail-health.ts';
import { MAIL_HEALTH_STATES } from '../../src/validation/shared/mail-health.protocol.ts';
import { readBackupHealth } from '../operations/backup-runs.ts';
import { messagesFit, readDiskHealth } from '../operations/disk-space.ts';
import type { DiskHealth } from '../../src/validation/shared/disk-health.protocol.ts';
import { CheckTimeoutError, withTimeout } from '../operations/check-timeout.ts';

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
    mail: { type: 'string', enum: [...MAIL_HEALTH_STATES] },
    backup: { type: 'string', enum: ['ok', 'failed', 'none'] },
    disk: { type: 'string', enum: ['ok', 'low', 'unreadable'] },
    site: { type: 'string', enum: ['live', 'build', 'stale'] },
  },
} as const;

/**
 * `GET /healthz`: 200 when the database takes a write (a one-row upsert, migration 0021), 503
 * `database: degraded` when it answers but takes no write (a full disk: README.md, "Faults the
 * server survives"), 503 `unreachable` when it does not answer. `mail` is mail health's state
 * (README.md, "Mail health": notConfigured, noCompanyAddress, failing, delivering, healthy), as
 * the console's banner says it: mail in trouble is not a reason to take the server out of a load
 * balancer, so the status stays 200; nor is a failed backup (`backup`, README.md "Backups and
 * restore": `failed` when the last backup failed, `none` before the first). `disk` is `low` when
 * the database's or the uploads' file system has less free space than its floor
 * (operations/disk-space.ts): 503 for the database's, since a message may no longer fit although
 * the write probe still does; 200 for the uploads' alone (files are refused, messages stored).
 * `unreadable` (200, logged at warn) when a disk's free space could not be read in time. `site`
 * says whether this process serves the published content's pages (README.md "Live in
 * seconds"): `build` or `stale` when they could not be made; pages are served either way (200).
 */
export default async function healthzRoutes(app: FastifyInstance): Promise<void> {
  const writeProbe = createWriteProbe(app.db, app.clock);
  const diskCheck = createDiskCheck(() => readDiskHealth(app.config, DATABASE_CHECK_TIMEOUT_MS), app.log);
  // This process's pages: the live revision's, or the build's or an older revision's when they could not be made.
  const site = () => app.siteGenerations.health().state;
  const mailSetup = mailSetupOf(app.config);
  app.get(
    '/healthz',
    {
      // Polled every few seconds by load balancers: only failures are worth a log line.
      logLevel: 'warn',
      schema: { response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Beside the write probe, bounded by the same timeout (a hung network mount: disk-space.ts).
      const diskRead = diskCheck();
      try {
        await withTimeout(writeProbe(), DATABASE_CHECK_TIMEOUT_MS);
      } catch (writeError) {
        const disk = await diskRead;
        // A database that gave no answer is unreachable; one that refused the write is asked to read.
        const answered = !(writeError instanceof CheckTimeoutError) && !isConnectionLost(writeError) && !(writeError instanceof DatabaseUnavailableError);
        const reads = answered && (await withTimeout(sql`select 1`.execute(app.db), DATABASE_CHECK_TIMEOUT_MS).then(() => true, () => false));
        request.log.error({ err: writeError }, reads ? 'database health check: the database answers but takes no write' : 'database health check failed');
        return reply.code(503).send({ status: 'error', database: reads ? 'degraded' : 'unreachable', disk: disk.state, site: site() });
      }
      const disk = await diskRead;
      try {
        const [mail, backup] = await withTimeout(Promise.all([readMailState(app.db, mailSetup, app.clock()), readBackupHealth(app.db)]), DATABASE_CHECK_TIMEOUT_MS);
        if (!messagesFit(disk)) {
          request.log.error({ disk: disk.database }, "disk health check: the database's disk has less free space than DATABASE_MIN_FREE_BYTES");
          return reply.code(503).send({ status: 'error', database: 'ok', mail, backup: backup.state, disk: disk.state, site: site() });
        }
        return { status: 'ok', database: 'ok', mail, backup: backup.state, disk: disk.state, site: site() };
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.code(503).send({ status: 'error', database: 'unreachable', disk: disk.state, site: site() });
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

/**
 * The disk's free space, read at most once a WRITE_PROBE_INTERVAL_MS per process, like the probe.
 * A disk whose free space cannot be read is logged at warn once, until it is read again.
 */
function createDiskCheck(read: () => Promise<DiskHealth>, log: FastifyBaseLogger): () => Promise<DiskHealth> {
  let last: { at: number; outcome: Promise<DiskHealth> } | null = null;
  const unreadable = new Set<string>();
  const warnOnce = (health: DiskHealth) => {
    for (const [disk, space] of [['database', health.database], ['uploads', health.uploads]] as const) {
      if (space?.unreadable == null) {
        unreadable.delete(disk);
      } else if (!unreadable.has(disk)) {
        unreadable.add(disk);
        log.warn({ disk, reason: space.unreadable }, "disk health check: the disk's free space could not be read; /healthz says disk: unreadable until it can");
      }
    }
    return health;
  };
  return () => {
    const now = performance.now();
    if (last !== null && now - last.at < WRITE_PROBE_INTERVAL_MS) return last.outcome;
    last = { at: now, outcome: read().then(warnOnce) };
    return last.outcome;
  };
}
