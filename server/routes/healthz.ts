import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { readMailHealth } from '../mail/mail-health.ts';
import { readBackupHealth } from '../operations/backup-runs.ts';

// A load balancer must get an answer quickly, even when PostgreSQL does not answer at all.
const DATABASE_CHECK_TIMEOUT_MS = 3000;

const healthSchema = {
  type: 'object',
  required: ['status', 'database'],
  properties: { status: { type: 'string' }, database: { type: 'string' }, mail: { type: 'string', enum: ['ok', 'degraded'] }, backup: { type: 'string', enum: ['ok', 'failed', 'none'] } },
} as const;

/**
 * `GET /healthz`: 200 when a real query succeeds, 503 when the database is unreachable. `mail`
 * is the outbox's health (README.md, "Mail health"): degraded mail is not a reason to take the
 * server out of a load balancer, so the status stays 200; nor is a failed backup (`backup`,
 * README.md "Backups and restore": `failed` when the last backup failed, `none` before the first).
 */
export default async function healthzRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/healthz',
    {
      // Polled every few seconds by load balancers: only failures are worth a log line.
      logLevel: 'warn',
      schema: { response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await withTimeout(sql`select 1`.execute(app.db), DATABASE_CHECK_TIMEOUT_MS);
        const [mail, backup] = await withTimeout(Promise.all([readMailHealth(app.db, app.clock()), readBackupHealth(app.db)]), DATABASE_CHECK_TIMEOUT_MS);
        return { status: 'ok', database: 'ok', mail: mail.state, backup: backup.state };
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.code(503).send({ status: 'error', database: 'unreachable' });
      }
    },
  );
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
