// Rate limits shared by several servers on one database (RATE_LIMIT_STORE=database, the
// default on PostgreSQL): two apps stand for two servers behind a load balancer.
import { afterEach, describe, expect, it } from 'vitest';
import { answerOf, postFeedback } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, testDialect } from './helpers/test-db.ts';
import { testForms, validContactFields } from './helpers/test-forms.ts';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoServers(store: 'memory' | 'database'): Promise<[TestApp, TestApp]> {
  const database = await createTestDatabase();
  cleanups.push(() => database.cleanup());
  const env = { MAIL_TO: 'sales@example.co.za', FEEDBACK_RATE_LIMIT: '2/1m', RATE_LIMIT_STORE: store };
  const apps: TestApp[] = [];
  for (let index = 0; index < 2; index += 1) {
    const app = await createTestApp(env, { forms: testForms, database });
    cleanups.push(() => app.cleanup());
    await app.app.ready();
    apps.push(app);
  }
  return [apps[0]!, apps[1]!];
}

describe(`rate limits across servers on ${testDialect}`, () => {
  it('counts one address across every server when kept in the database', async () => {
    const [first, second] = await twoServers('database');
    expect(answerOf(await postFeedback(first.app, 5, validContactFields())).status).toBe('mail_sent');
    expect(answerOf(await postFeedback(second.app, 5, validContactFields())).status).toBe('mail_sent');
    const refused = await postFeedback(first.app, 5, validContactFields());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rest_rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postFeedback(second.app, 5, validContactFields())).statusCode).toBe(429);
  });

  it('counts per server when kept in memory', async () => {
    const [first, second] = await twoServers('memory');
    for (const app of [first, second, first, second]) expect((await postFeedback(app.app, 5, validContactFields())).statusCode).toBe(200);
    expect((await postFeedback(first.app, 5, validContactFields())).statusCode).toBe(429);
  });
});
