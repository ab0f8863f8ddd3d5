import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { flushThenExit } from './flush-then-exit.ts';
import { isOutboxQueuedMessage } from './outbox-relay.ts';
import { migrateAndReport, openProcessDatabase } from './process-database.ts';
import { ROLE_VARIABLE, type ClusterRole } from './process-role.ts';
import { relaySiteGeneration } from './site-generation-relay.ts';
import { recentDeaths, restartDelayMs } from './restart-delay.ts';
import { SHUTDOWN_MARGIN_MS } from './serve.ts';

/**
 * The cluster's supervisor (WEB_CONCURRENCY above 1): it serves nothing itself. It migrates the
 * database once, then starts WEB_CONCURRENCY server processes on the same port (Node's cluster
 * hands each new connection to the next process), the first with the jobs role. A process
 * that dies is replaced, in its role (restart-delay.ts says when); one that dies before the
 * whole cluster first listened means the site cannot start (a port in use, a bad database):
 * everything stops with exit 1. SIGTERM or SIGINT is passed to every process, each drains
 * as a single server would (one still starting is simply ended); the supervisor exits 0 once
 * all have stopped cleanly, and forces the stragglers (exit 1) past the grace period.
 */
export async function supervise(config: Config, log: FastifyBaseLogger): Promise<void> {
  const roles = new Map<Worker, ClusterRole>();
  const restarts = new Set<NodeJS.Timeout>();
  const state = { stopping: false, listening: new Set<Worker>(), started: false, deaths: [] as number[], exitCode: 0 };

  function stop(reason: string): void {
    if (state.stopping) {
      log.warn({ reason }, 'already shutting down');
      return;
    }
    state.stopping = true;
    restarts.forEach((timer) => clearTimeout(timer));
    log.info({ reason, processes: roles.size }, 'shutting down: stopping the server processes');
    for (const worker of roles.keys()) worker.process.kill('SIGTERM');
    const timeoutMs = config.timeouts.shutdownGraceMs + SHUTDOWN_MARGIN_MS + 1_000;
    setTimeout(() => {
      log.error({ timeoutMs, processes: roles.size }, 'server processes did not stop in time: killed');
      for (const worker of roles.keys()) worker.process.kill('SIGKILL');
      flushThenExit(log, 1);
    }, timeoutMs).unref();
    if (roles.size === 0) finish();
  }
  process.on('SIGTERM', (signal) => stop(signal));
  process.on('SIGINT', (signal) => stop(signal));

  function finish(): void {
    log.info({ exitCode: state.exitCode }, 'stopped');
    flushThenExit(log, state.exitCode);
  }

  function start(role: ClusterRole): void {
    const worker = cluster.fork({ [ROLE_VARIABLE]: role });
    roles.set(worker, role);
    worker.on('listening', () => {
      state.listening.add(worker);
      if (!state.started && state.listening.size === config.webConcurrency) {
        state.started = true;
        log.info({ processes: config.webConcurrency, port: config.port }, 'all server processes listening');
      }
    });
  }

  cluster.on('message', (from, message) => {
    relaySiteGeneration(from, message, roles.keys());
    if (!isOutboxQueuedMessage(message)) return;
    for (const [worker, role] of roles) if (role === 'jobs' && worker.isConnected()) worker.send(message);
  });

  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker) ?? 'web';
    const listened = state.listening.delete(worker);
    roles.delete(worker);
    if (state.stopping) {
      // A process ended by our SIGTERM before it listened had not yet installed its handlers
      // (it was still loading): it had accepted nothing, so its stop is a clean one.
      const endedWhileStarting = !listened && signal === 'SIGTERM';
      if (code !== 0 && !endedWhileStarting) state.exitCode = 1;
      if (roles.size === 0) finish();
      return;
    }
    if (!state.started) {
      log.fatal({ workerPid: worker.process.pid, code, signal, role }, 'a server process failed to start');
      state.exitCode = 1;
      stop('a server process failed to start');
      return;
    }
    const now = Date.now();
    state.deaths = recentDeaths([...state.deaths, now], now);
    const delayMs = restartDelayMs(state.deaths, now);
    log.error({ workerPid: worker.process.pid, code, signal, role, delayMs }, 'a server process died: starting another');
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!state.stopping) start(role);
    }, delayMs);
    restarts.add(timer);
  });

  // Once, before any server process starts: they must not race each other's migrations.
  const db = openProcessDatabase(config, log);
  try {
    await migrateAndReport(db, log);
  } catch (error) {
    log.fatal({ err: error }, 'server failed to start');
    flushThenExit(log, 1);
    return;
  } finally {
    await db.destroy().catch(() => undefined);
  }
  if (state.stopping) return;
  log.info({ processes: config.webConcurrency }, 'starting the server processes');
  start('jobs');
  for (let index = 1; index < config.webConcurrency; index += 1) start('web');
}
