import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { answerOf, postFeedback } from './helpers/multipart.ts';
import { testForms, validContactFields } from './helpers/test-forms.ts';

let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
});

async function appWith(env: Record<string, string>): Promise<TestApp> {
  testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za', ...env }, { forms: testForms });
  await testApp.app.ready();
  return testApp;
}

describe(`the feedback rate limit on ${testDialect}`, () => {
  it('answers 429 rest_rate_limited with Retry-After once an address has sent its share', async () => {
    const { app } = await appWith({ FEEDBACK_RATE_LIMIT: '2/1m' });
    expect(answerOf(await postFeedback(app, 5, validContactFields())).status).toBe('mail_sent');
    expect(answerOf(await postFeedback(app, 5, validContactFields())).status).toBe('mail_sent');

    const limited = await postFeedback(app, 5, validContactFields());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.json()).toEqual({
      code: 'rest_rate_limited',
      message: 'Too many submissions from your address. Please try again in 60 seconds.',
      data: { status: 429, retry_after: 60 },
    });
  });

  it('limits only POST feedback: the schema and refill stay available', async () => {
    const { app } = await appWith({ FEEDBACK_RATE_LIMIT: '1/1m' });
    await postFeedback(app, 5, validContactFields());
    expect((await postFeedback(app, 5, validContactFields())).statusCode).toBe(429);
    for (let index = 0; index < 5; index += 1) {
      expect((await app.inject({ url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback/schema' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/wp-json/contact-form-7/v1/contact-forms/5/refill' })).statusCode).toBe(200);
    }
  });

  it('counts each client behind a trusted proxy separately (TRUST_PROXY)', async () => {
    const { app } = await appWith({ FEEDBACK_RATE_LIMIT: '1/1m', TRUST_PROXY: '127.0.0.1' });
    const from = (ip: string) => postFeedback(app, 5, validContactFields(), { 'x-forwarded-for': ip });
    expect((await from('198.51.100.7')).statusCode).toBe(200);
    expect((await from('203.0.113.9')).statusCode).toBe(200);
    expect((await from('198.51.100.7')).statusCode).toBe(429);
  });

  for (const store of ['memory', 'database'] as const) {
    it(`counts a whole IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address (RATE_LIMIT_STORE=${store})`, async () => {
      const { app } = await appWith({ FEEDBACK_RATE_LIMIT: '1/1m', TRUST_PROXY: '127.0.0.1', RATE_LIMIT_STORE: store });
      const from = (ip: string) => postFeedback(app, 5, validContactFields(), { 'x-forwarded-for': ip });
      expect((await from('2001:db8:7:1::1')).statusCode).toBe(200);
      // Another address of the same /64 (one subscriber's network): no fresh allowance.
      expect((await from('2001:db8:7:1:8a2e:370:7334:9')).statusCode).toBe(429);
      expect((await from('2001:0db8:0007:0001:0000:0000:0000:0abc')).statusCode).toBe(429);
      // The next /64 is another client.
      expect((await from('2001:db8:7:2::1')).statusCode).toBe(200);
      expect((await from('198.51.100.7')).statusCode).toBe(200);
      expect((await from('::ffff:198.51.100.7')).statusCode).toBe(429);
    });
  }

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const { app } = await appWith({ FEEDBACK_RATE_LIMIT: '1/1m' });
    const from = (ip: string) => postFeedback(app, 5, validContactFields(), { 'x-forwarded-for': ip });
    expect((await from('198.51.100.7')).statusCode).toBe(200);
    // A spoofed header does not buy a fresh allowance.
    expect((await from('203.0.113.9')).statusCode).toBe(429);
  });

  it('hashes the client address behind a proxy, never storing it', async () => {
    const { app, database } = await appWith({ TRUST_PROXY: '127.0.0.1' });
    await postFeedback(app, 5, validContactFields(), { 'x-forwarded-for': '198.51.100.7' });
    await postFeedback(app, 5, validContactFields(), { 'x-forwarded-for': '198.51.100.7' });
    await postFeedback(app, 5, validContactFields(), { 'x-forwarded-for': '203.0.113.9' });
    const rows = await database.db.selectFrom('submissions').select(['remote_ip_hash', 'posted_data', 'meta']).orderBy('id').execute();
    expect(rows.map((row) => row.remote_ip_hash)).toEqual([rows[0]?.remote_ip_hash, rows[0]?.remote_ip_hash, expect.any(String)]);
    expect(rows[2]?.remote_ip_hash).not.toBe(rows[0]?.remote_ip_hash);
    expect(JSON.stringify(rows)).not.toMatch(/198\.51\.100\.7|203\.0\.113\.9/);
  });
});
