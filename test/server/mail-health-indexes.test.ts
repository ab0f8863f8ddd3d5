/*
 * /healthz reads mail health on every poll (README.md, "Mail health"): with a backlog of waiting
 * mail (SMTP down, or the soak's load with no SMTP) it must not read every waiting row. Each
 * statement readMailState runs is planned by SQLite onto an index whose first entry answers it
 * (migration 0022), never a scan of the waiting rows; the soak showed /healthz and every request
 * beside it slowing as the outbox grew before. On PostgreSQL the same statements answer the same.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { readMailHealth, readMailState } from '../../server/mail/mail-health.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.cleanup();
  database = undefined;
});

/** Keeps every statement a Kysely runs, as its tree. */
class StatementLog implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe(`mail health on ${testDialect}`, () => {
  it('answers /healthz from the first entries of indexes, not by reading the waiting mail', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const old = new Date(Date.now() - 3 * 3_600_000).toISOString();
    for (let index = 0; index < 50; index += 1) {
      await db
        .insertInto('outbox')
        .values({ to_address: 'sales@example.co.za', subject: 's', body: 'b', headers: '{}', next_attempt_at: old, created_at: old, attempts: 1, last_error: index === 7 ? '421 try later' : null })
        .execute();
    }
    // Mail went out before: the failing mail is read since that delivery.
    const earlier = new Date(Date.now() - 4 * 3_600_000).toISOString();
    await db.insertInto('outbox').values({ to_address: 'sales@example.co.za', subject: 's', body: 'b', headers: '{}', next_attempt_at: earlier, created_at: earlier, attempts: 1, delivered_at: earlier }).execute();
    const log = new StatementLog();
    const setup = { smtp: true, companyAddress: true };
    const state = await readMailState(db.withPlugin(log), setup, Date.now());
    expect(state).toBe('failing');
    expect(await readMailHealth(db, setup, Date.now())).toMatchObject({ state: 'failing', smtpAnswer: '421 try later', backlog: { waiting: 50 } });
    if (testDialect !== 'sqlite') return;
    const plans: string[] = [];
    for (const node of log.nodes) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' });
      const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      plans.push(rows.map((row) => row.detail).join(' | '));
    }
    const waitingQuestions = plans.filter((plan) => plan.includes('outbox_waiting_mail') || plan.includes('outbox_failing_mail'));
    expect(waitingQuestions, plans.join('\n')).toHaveLength(2);
    for (const plan of plans) expect(plan, plans.join('\n')).not.toMatch(/SCAN outbox\b(?! USING)/);
  });
});
