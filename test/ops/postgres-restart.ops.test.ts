import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../server/helpers/smtp-sink.ts';
import { waitFor } from '../server/helpers/wait-for.ts';
import { lostAcknowledged } from './support/acknowledged.ts';
import { OPS_ANSWER_BOUND_MS, sleep, startOnPrivatePostgres } from './support/ops-server.ts';
import { acknowledgedRate, startSiteLoad, unexpectedAnswers } from './support/site-load.ts';

/*
 * PostgreSQL restarted under load (README.md, "Faults the server survives"): `pg_ctl restart -m
 * fast` closes every connection. Every answer comes within the timeouts (503 with a code, or
 * the form's own failure), nothing acknowledged is lost, throughput is back within 5 s of the
 * restart, and the outbox resumes by itself: the SMTP sink receives every acknowledged message.
 */

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('PostgreSQL restarted under load', () => {
  it('answers every request within the timeouts, loses nothing acknowledged, and delivers every acknowledged message', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const { cluster, server } = await startOnPrivatePostgres({ SMTP_URL: smtp.url, MAIL_TO: 'sales@example.co.za' }, cleanups);
    // Paced, so the outbox (one SMTP connection) can mail every acknowledged message soon after.
    const load = startSiteLoad(server.base, { clients: 6, label: 'restart', thinkMs: 100 });

    await sleep(5000);
    const before = Date.now();
    const baseline = acknowledgedRate(load.answers, before - 3000, before);
    const restartedFrom = Date.now();
    await cluster.restart();
    const restartedAt = Date.now();
    await sleep(8000);
    await load.stop();

    const around = load.answers.filter((answer) => answer.startedAt >= restartedFrom - 1000 && answer.startedAt < restartedAt + 5000);
    const slowest = Math.max(...around.map((answer) => answer.endedAt - answer.startedAt));
    const recovered = acknowledgedRate(load.answers, restartedAt + 5000, restartedAt + 8000);
    const refused = around.filter((answer) => !answer.acknowledged).length;
    console.log(
      `PostgreSQL restart (${restartedAt - restartedFrom} ms): baseline ${baseline.toFixed(0)} acknowledged/s; ${refused} of ${around.length} requests around it refused, slowest answer ${slowest} ms (bound ${OPS_ANSWER_BOUND_MS} ms); ${recovered.toFixed(0)} acknowledged/s from 5 s after`,
    );

    if (unexpectedAnswers(load.answers).length > 0) console.log(server.process.stderr().slice(-4000), server.process.stdout().split('\n').filter((line) => /"level":(50|60)/.test(line)).slice(0, 8).join('\n'));
    expect(around.filter((answer) => answer.endedAt - answer.startedAt > OPS_ANSWER_BOUND_MS)).toEqual([]);
    expect(unexpectedAnswers(load.answers)).toEqual([]);
    expect(recovered).toBeGreaterThan(baseline * 0.5);
    expect(load.answers.filter((answer) => answer.startedAt >= restartedAt + 5000).every((answer) => answer.acknowledged)).toBe(true);
    expect(await lostAcknowledged(cluster.url, load.answers)).toEqual({ messages: [], signUps: [], beacons: 0 });

    // The outbox resumes by itself: every acknowledged message is mailed.
    const acknowledgedNames = load.answers.filter((answer) => answer.kind === 'message' && answer.acknowledged).map((answer) => answer.token ?? '');
    const unmailed = () => {
      const subjects = smtp.received.map((mail) => (mail.headers.get('subject') ?? []).join(' '));
      return acknowledgedNames.filter((name) => !subjects.some((subject) => subject.endsWith(`from ${name}`)));
    };
    await waitFor('every acknowledged message mailed', () => unmailed().length === 0, 90_000).catch(() => undefined);
    if (unmailed().length > 0) console.log(`received ${smtp.received.length} mails, e.g. ${JSON.stringify(smtp.received.slice(0, 2).map((mail) => mail.headers.get('subject')))}`, server.process.stdout().split('\n').filter((line) => /"level":(40|50|60)/.test(line)).slice(-6).join('\n'));
    expect(unmailed()).toEqual([]);
  });
});
