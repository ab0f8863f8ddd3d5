import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createDatabase } from '../../server/db/create-database.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, readOnlyHandle, testDialect } from './helpers/test-db.ts';

// A hung network mount: statfs under `hangUnder` never answers (every other path is read for real).
const mount = vi.hoisted(() => ({ hangUnder: undefined as string | undefined, hungCalls: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const statfs = ((at: string, ...rest: []) => {
    if (mount.hangUnder === undefined || !path.resolve(at).startsWith(mount.hangUnder)) return actual.statfs(at, ...rest);
    mount.hungCalls += 1;
    return new Promise(() => undefined);
  }) as typeof actual.statfs;
  return { ...actual, statfs, default: { ...actual, statfs } };
});

let testApp: TestApp | undefined;
let onCleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
  await onCleanup?.();
  onCleanup = undefined;
});

describe(`GET /healthz on ${testDialect}`, () => {
  it('answers 200 after a real query; mail is notConfigured without SMTP_URL (it said "ok" before)', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', mail: 'notConfigured', backup: 'none', disk: 'ok', site: 'live' });
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
      expect(response.json()).toEqual({ status: 'error', database: 'ok', mail: 'notConfigured', backup: 'none', disk: 'low', site: 'live' });
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
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', mail: 'notConfigured', backup: 'none', disk: 'low', site: 'live' });
  });

  it('says disk ok when the floors are off (0)', async () => {
    testApp = await createTestApp({ UPLOAD_MIN_FREE_BYTES: '0', DATABASE_MIN_FREE_BYTES: '0' });
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ disk: 'ok' });
  });

  it("says disk unreadable with 200 and logs a warning when a disk's free space cannot be read (not ENOENT): never ok", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'site-test-unreadable-disk-'));
    onCleanup = () => rm(folder, { recursive: true, force: true });
    // UPLOAD_DIR under a file: statfs answers ENOTDIR, as a folder the server may not read answers EACCES.
    await writeFile(path.join(folder, 'a-file'), 'not a folder');
    const warnings: Array<{ msg: string; disk?: string; reason?: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) warnings.push(JSON.parse(line) as { msg: string });
        done();
      },
    });
    testApp = await createTestApp({ UPLOAD_DIR: path.join(folder, 'a-file', 'uploads') }, { logger: { level: 'warn', stream } });
    for (let request = 0; request < 3; request += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok', mail: 'notConfigured', backup: 'none', disk: 'unreadable', site: 'live' });
    }
    // Once, not at every poll.
    expect(warnings.filter((line) => line.msg.includes('free space'))).toEqual([expect.objectContaining({ disk: 'uploads', reason: expect.stringContaining('ENOTDIR') })]);
  });

  it('answers within the database check\'s timeout when a disk hangs (a network mount), saying it is unreadable, and reads it no more while it hangs', { timeout: 20_000 }, async () => {
    testApp = await createTestApp();
    const app = testApp.app;
    await app.ready();
    mount.hangUnder = path.resolve(testApp.uploadDir);
    mount.hungCalls = 0;
    onCleanup = async () => {
      mount.hangUnder = undefined;
    };
    const answer = () =>
      Promise.race([
        app.inject({ method: 'GET', url: '/healthz' }).then((response) => ({ status: response.statusCode, body: response.json() as unknown })),
        new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 5 s'), 5000)),
      ]);
    const started = performance.now();
    expect(await answer()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', mail: 'notConfigured', backup: 'none', disk: 'unreadable', site: 'live' } });
    expect(performance.now() - started).toBeLessThan(4000);
    // A second look a second later waits on the same hung call instead of starting another (each holds one of libuv's threads).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await answer()).toMatchObject({ status: 200, body: { disk: 'unreadable' } });
    expect(mount.hungCalls).toBe(1);
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
      expect(refused.json()).toEqual({ status: 'error', database: 'degraded', disk: 'ok', site: 'live' });
      expect(refused.headers['cache-control']).toBe('no-store');
    } finally {
      await testApp.cleanup();
      testApp = undefined;
      await readOnly.cleanup();
    }
    // The writable handle on the same database: the probe's row is written, and the answer is ok.
    testApp = await createTestApp({ NONCE_SECRET: 'n'.repeat(32) }, { database });
    const healthy = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthy.json()).toEqual({ status: 'ok', database: 'ok', mail: 'notConfigured', backup: 'none', disk: 'ok', site: 'live' });
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
    expect(response.json()).toEqual({ status: 'error', database: 'unreachable', disk: 'ok', site: 'live' });
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
      expect(response.json()).toEqual({ status: 'error', database: 'unreachable', disk: 'ok', site: 'live' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
