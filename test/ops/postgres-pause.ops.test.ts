import { afterAll, describe, expect, it } from 'vitest';
import { lostAcknowledged } from './support/acknowledged.ts';
import { OPS_ANSWER_BOUND_MS, sleep, startOnPrivatePostgres } from './support/ops-server.ts';
import { acknowledgedRate, startSiteLoad, unexpectedAnswers } from './support/site-load.ts';

/*
 * PostgreSQL hangs (README.md, "Faults the server survives"): the private cluster is frozen
 * with SIGSTOP for 20 s under mixed load, then thawed. Every answer during the pause comes
 * within DATABASE_CONNECT_TIMEOUT + DATABASE_STATEMENT_TIMEOUT and a margin (503 with a code,
 * or the form's own failure), nothing acknowledged is lost, and acknowledged throughput is back
 * within 5 s of SIGCONT.
 */

const PAUSE_MS = 20_000;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('PostgreSQL frozen for 20 s under load', () => {
  it('answers every request within the timeouts, loses nothing acknowledged and is back within 5 s', async () => {
    const { cluster, server } = await startOnPrivatePostgres({}, cleanups);
    const base = server.base;
    const load = startSiteLoad(base, { clients: 6, label: 'pause' });

    await sleep(5000);
    const before = Date.now();
    const baseline = acknowledgedRate(load.answers, before - 3000, before);
    await cluster.pause();
    const pausedAt = Date.now();
    await sleep(PAUSE_MS / 2);
    const healthStarted = Date.now();
    const healthDuringPause = await fetch(`${base}/healthz`);
    const healthMs = Date.now() - healthStarted;
    const healthBody: unknown = await healthDuringPause.json();
    await sleep(PAUSE_MS / 2 - (Date.now() - healthStarted));
    await cluster.resume();
    const resumedAt = Date.now();
    await sleep(8000);
    await load.stop();

    const duringPause = load.answers.filter((answer) => answer.startedAt >= pausedAt && answer.startedAt < resumedAt - OPS_ANSWER_BOUND_MS);
    const slowest = Math.max(...duringPause.map((answer) => answer.endedAt - answer.startedAt));
    const recovered = acknowledgedRate(load.answers, resumedAt + 5000, resumedAt + 8000);
    console.log(
      `PostgreSQL pause: baseline ${baseline.toFixed(0)} acknowledged/s; ${duringPause.length} requests started during the pause, slowest answer ${slowest} ms (bound ${OPS_ANSWER_BOUND_MS} ms), /healthz ${healthDuringPause.status} in ${healthMs} ms; ${recovered.toFixed(0)} acknowledged/s from 5 s after SIGCONT`,
    );

    expect(duringPause.length).toBeGreaterThan(20);
    expect(duringPause.filter((answer) => answer.endedAt - answer.startedAt > OPS_ANSWER_BOUND_MS)).toEqual([]);
    expect(unexpectedAnswers(load.answers)).toEqual([]);
    // Requests that reach the database fail during the pause; pages, which do not, keep being served.
    expect(duringPause.filter((answer) => answer.kind !== 'page' && answer.acknowledged)).toEqual([]);
    expect(duringPause.filter((answer) => answer.kind === 'page').every((answer) => answer.acknowledged)).toBe(true);
    expect(recovered).toBeGreaterThan(baseline * 0.5);
    expect(load.answers.filter((answer) => answer.startedAt >= resumedAt + 5000).every((answer) => answer.acknowledged)).toBe(true);

    // A load balancer is told at once: 503, unreachable (within the health check's own 3 s).
    // (It also says `disk` and `site`, which a paused database does not change.)
    expect({ status: healthDuringPause.status, body: healthBody }).toEqual({ status: 503, body: expect.objectContaining({ status: 'error', database: 'unreachable' }) });
    expect(healthMs).toBeLessThan(OPS_ANSWER_BOUND_MS);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    expect(await lostAcknowledged(cluster.url, load.answers)).toEqual({ messages: [], signUps: [], beacons: 0 });
  });
});
