import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createDatabase } from '../../server/db/create-database.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, readOnlyHandle, testDialect } from './helpers/test-db.ts';

let testApp: TestApp | undefined;
let onCleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
  await onCleanup?.();
  onCleanup = undefined;
});

describe(`GET /healthz on ${testDialect}`, () => {
  it('answers 200 after a real query', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', mail: 'ok', backup: 'none', disk: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  // Free space is read with statfs; a floor above what this machine has stands in for a full disk.
  const ABOVE_ANY_DISK = '1000000GB';

  it(`says disk low when the database's disk has less free space than DATABASE_MIN_FREE_BYTES: ${testDialect === 'sqlite' ? '503, messages can no longer be stored' : 'not on PostgreSQL, whose disk is not this server\'s to see'}`, async () => {
    // DATABASE_URL as the server is given it: the database's disk is where its SQLite file is.
    const database = await createTestDatabase();
    testApp = await createTestApp({ DATABASE_URL: database.url, DATABASE_MIN_FREE_BYTES: ABOVE_ANY_DISK }, { database });
    onCleanup = () => database.cleanup();
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    if (testDialect === 'sqlite') {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'ok', mail: 'ok', backup: 'none', disk: 'low' });
    } else {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', disk: 'ok' });
    }
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("says disk low with 200 when the uploads' disk has less free space than UPLOAD_MIN_FREE_BYTES: files are refused, messages are still stored", async () => {
    testApp = await createTestApp({ UPLOAD_MIN_FREE_BYTES: ABOVE_ANY_DISK });
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', mail: 'ok', backup: 'none', disk: 'low' });
  });

  it('says disk ok when the floors are off (0)', async () => {
    testApp = await createTestApp({ UPLOAD_MIN_FREE_BYTES: '0', DATABASE_MIN_FREE_BYTES: '0' });
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ disk: 'ok' });
  });

  it('answers 503 with the database degraded when it answers reads but takes no write (a full disk), and ok once it takes them again', async () => {
    const database = await createTestDatabase();
    // The same database through a connection that refuses every write, as a full disk does
    // while reads still work: `select 1` alone would call it healthy.
    const readOnly = await readOnlyHandle(database);
    testApp = await createTestApp({ NONCE_SECRET: 'n'.repeat(32) }, { database: readOnly });
    try {
      const refused = await testApp.app.inject({ method: 'GET', url: '/healthz' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ status: 'error', database: 'degraded', disk: 'ok' });
      expect(refused.headers['cache-control']).toBe('no-store');
    } finally {
      await testApp.cleanup();
      testApp = undefined;
      await readOnly.cleanup();
    }
    // The writable handle on the same database: the probe's row is written, and the answer is ok.
    testApp = await createTestApp({ NONCE_SECRET: 'n'.repeat(32) }, { database });
    const healthy = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthy.json()).toEqual({ status: 'ok', database: 'ok', mail: 'ok', backup: 'none', disk: 'ok' });
    await testApp.cleanup();
    testApp = undefined;
    await database.cleanup();
  });

  it('answers 503 once the database is closed', async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
    await testApp.database.db.destroy();

    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'unreachable', disk: 'ok' });
  });

  it('answers 503 when the database server refuses connections', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const db = createDatabase('postgres://site@127.0.0.1:1/site');
    const app = await buildApp({
      config: { ...loadConfig({ NONCE_SECRET: 's'.repeat(32) }), databaseUrl: 'postgres://site@127.0.0.1:1/site' },
      db,
      logger: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'unreachable', disk: 'ok' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
