import { afterEach, describe, expect, it } from 'vitest';
import { claimDueMessages, releaseMessages } from '../../server/mail/claim-outbox.ts';
import { retryDelayMs } from '../../server/mail/retry-delay.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.cleanup();
  database = undefined;
});

const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

async function withMessages(count: number, to = 'sales@example.co.za'): Promise<TestDatabase> {
  database = await createTestDatabase();
  for (let index = 0; index < count; index += 1) {
    await database.db
      .insertInto('outbox')
      .values({ to_address: to, reply_to: null, subject: `m${index}`, body: 'b', next_attempt_at: iso(T0 + index), created_at: iso(T0) })
      .execute();
  }
  return database;
}

const claim = (db: TestDatabase['db'], now: number, limit = 10, hasDefaultRecipient = true) =>
  claimDueMessages(db, { now, leaseMs: 60_000, limit, hasDefaultRecipient });

describe(`claiming outbox mail on ${testDialect}`, () => {
  it('claims due messages oldest first, counting the attempt and leasing them', async () => {
    const { db } = await withMessages(3);
    const claimed = await claim(db, T0 + 10, 2);
    expect(claimed.map((row) => row.subject)).toEqual(['m0', 'm1']);
    expect(claimed.map((row) => row.attempts)).toEqual([1, 1]);
    expect(claimed[0]?.next_attempt_at).toBe(iso(T0 + 10 + 60_000));
    // Leased: not due again until the lease runs out (a worker that died mid-send).
    expect((await claim(db, T0 + 20)).map((row) => row.subject)).toEqual(['m2']);
    expect(await claim(db, T0 + 30)).toEqual([]);
    expect((await claim(db, T0 + 10 + 60_001)).map((row) => row.subject)).toEqual(['m0', 'm1']);
  });

  it('never gives one message to two concurrent claims', async () => {
    const { db } = await withMessages(40);
    const claims = await Promise.all(Array.from({ length: 6 }, () => claim(db, T0 + 100, 5)));
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Everything claimed was due, and nothing is claimed twice over repeated rounds either.
    const more = await Promise.all(Array.from({ length: 6 }, () => claim(db, T0 + 100, 5)));
    const all = [...ids, ...more.flat().map((row) => row.id)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(40);
  });

  it('skips delivered, failed and not-yet-due messages', async () => {
    const { db } = await withMessages(3);
    await db.updateTable('outbox').set({ delivered_at: iso(T0) }).where('subject', '=', 'm0').execute();
    await db.updateTable('outbox').set({ failed_at: iso(T0) }).where('subject', '=', 'm1').execute();
    expect(await claim(db, T0)).toEqual([]);
    expect((await claim(db, T0 + 2)).map((row) => row.subject)).toEqual(['m2']);
  });

  it('claims mail without a recipient only when MAIL_TO is configured', async () => {
    const { db } = await withMessages(1, '');
    expect(await claim(db, T0, 10, false)).toEqual([]);
    expect(await claim(db, T0, 10, true)).toHaveLength(1);
  });

  it('hands claimed messages back on a clean stop, undoing the attempt', async () => {
    const { db } = await withMessages(2);
    const claimed = await claim(db, T0 + 10);
    await releaseMessages(db, claimed.map((row) => row.id), T0 + 20);
    const again = await claim(db, T0 + 20);
    expect(again.map((row) => [row.subject, row.attempts])).toEqual([['m0', 1], ['m1', 1]]);
  });
});

describe('retry delays', () => {
  const policy = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAgeMs: 7 * 24 * 3_600_000 };

  it('double with each attempt, with up to half of each delay random, and stop growing at the cap', () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, policy, () => 1)).toBe(30_000);
    expect(retryDelayMs(2, policy, () => 1)).toBe(60_000);
    expect(retryDelayMs(5, policy, () => 1)).toBe(480_000);
    expect(retryDelayMs(12, policy, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(29, policy, () => 0.5)).toBe(2_700_000);
  });
});
