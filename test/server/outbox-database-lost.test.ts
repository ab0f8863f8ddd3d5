import { afterEach, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import pino from 'pino';
import type { OutboxMessage } from '../../server/db/types.ts';
import { enqueueMail } from '../../server/mail/enqueue-mail.ts';
import { createOutboxWorker, type OutboxSender } from '../../server/mail/outbox-worker.ts';
import { createTestDatabase, testDialect } from './helpers/test-db.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The database goes away in the middle of a claimed batch (PostgreSQL restarted: README.md,
 * "Faults the server survives"). The batch's unsent rows are handed back once it answers again,
 * not left leased for the lease's five minutes; the row that was sent but whose delivery could
 * not be recorded is not handed back, so it is not mailed twice.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Fails one statement, the first update after `armed()` says so, as a lost connection does. */
function failingOnce(armed: () => boolean): KyselyPlugin & { failed: boolean } {
  const plugin = {
    failed: false,
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      if (!plugin.failed && armed() && node.kind === 'UpdateQueryNode') {
        plugin.failed = true;
        throw new Error('Connection terminated unexpectedly');
      }
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
  };
  return plugin;
}

describe(`the outbox when the database goes away mid-batch, on ${testDialect}`, () => {
  it('hands back the unsent rows at once and does not send the sent one twice', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.cleanup());
    for (const subject of ['first', 'second', 'third']) {
      await enqueueMail(database.db, { to: 'sales@example.co.za', replyTo: null, subject, body: 'Hello', createdAt: new Date().toISOString() });
    }
    const sent: string[] = [];
    const sender: OutboxSender = {
      channel: 'mail',
      noun: 'mail',
      hasDefaultRecipient: true,
      send: async (row: OutboxMessage) => {
        sent.push(row.subject);
        return {};
      },
      close: () => {},
    };
    // The update recording the first delivery fails: the connection is lost right after the send.
    const plugin = failingOnce(() => sent.length === 1);
    const worker = createOutboxWorker({ db: database.db.withPlugin(plugin), sender, log: pino({ level: 'silent' }), pollMs: 50, batchSize: 5 });
    worker.start();
    cleanups.push(() => worker.stop());

    await waitFor('the other two sent after the database answered again', () => sent.length >= 3, 10_000);
    expect(plugin.failed).toBe(true);
    expect(sent).toEqual(['first', 'second', 'third']);
    // The first stays leased (its delivery unrecorded): it is not sent again meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toEqual(['first', 'second', 'third']);
  });
});
