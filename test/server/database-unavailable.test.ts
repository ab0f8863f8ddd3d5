import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/create-database.ts';
import { createAvailabilityGuard, DatabaseUnavailableError, isDatabaseUnavailable } from '../../server/db/database-availability.ts';
import { DEFAULT_USER_AGENT, multipartBody, type FeedbackAnswerBody } from './helpers/multipart.ts';
import { fetchNonce, homeFields, postSubscribe } from './helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, readOnlyHandle, testDialect } from './helpers/test-db.ts';
import { validContactFields } from './helpers/test-forms.ts';

/*
 * A database that answers reads but takes no write (a full disk; README.md, "Faults the server
 * survives"): nothing is acknowledged; the contact form answers CF7's own mail_failed and the
 * newsletter form the plugin's own failure (each form shows its failure text), the other routes
 * 503 `database_unavailable` with Retry-After, never a 400 that blames the visitor nor a bare 500.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appOnReadOnlyDatabase(): Promise<TestApp> {
  const database = await createTestDatabase();
  const readOnly = await readOnlyHandle(database);
  const test = await createTestApp({ NONCE_SECRET: 'n'.repeat(32), SITE_URL: 'https://www.example.co.za' }, { database: readOnly });
  cleanups.push(() => database.cleanup(), () => readOnly.cleanup(), () => test.cleanup());
  return test;
}

describe(`routes on a database that takes no write (${testDialect})`, () => {
  // On SQLite the beacons' writer opens a connection of its own (click-tracking/sqlite-hit-store.ts),
  // which a read-only handle does not reach: the full disk of test/ops/disk-full.ops.test.ts does.
  it.runIf(testDialect === 'postgres')('answers a click beacon 503 database_unavailable with Retry-After', async () => {
    const test = await appOnReadOnlyDatabase();
    const body = await multipartBody({ postID: '12', location: 'https://www.example.co.za/', anchor: 'LinkedIn', target: 'https://www.linkedin.com/company/lumina' });
    const response = await test.app.inject({ method: 'POST', url: '/wp-json/track-the-click/v3/click/1', payload: body.payload, headers: { 'content-type': body.contentType } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'database_unavailable', data: { status: 503 } });
    expect(response.headers['retry-after']).toBe('5');
  });

  it("answers a newsletter sign-up with the plugin's own failure, its form's failure text", async () => {
    const test = await appOnReadOnlyDatabase();
    const nonce = await fetchNonce(test.app, 'sib_subscribe');
    const response = await postSubscribe(test.app, homeFields(nonce));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'failure' });
  });

  it("answers a contact form message with CF7's own mail_failed, and stores nothing", async () => {
    const test = await appOnReadOnlyDatabase();
    const { payload, contentType } = await multipartBody(validContactFields());
    const response = await test.app.inject({ method: 'POST', url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback', payload, headers: { 'content-type': contentType, 'user-agent': DEFAULT_USER_AGENT } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as FeedbackAnswerBody).status).toBe('mail_failed');
  });
});

describe('which errors mean the database cannot serve', () => {
  it.each([
    ['SQLite disk full', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })],
    ['SQLite write error', Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' })],
    ['a read-only SQLite connection', Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' })],
    ['PostgreSQL statement timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['PostgreSQL disk full', Object.assign(new Error('could not extend file'), { code: '53100' })],
    ['a read-only PostgreSQL transaction', Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' })],
    ['a hung server', new Error('Query read timeout')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['the guard', new DatabaseUnavailableError()],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a SQLite constraint', Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' })],
    ['a programming error', new TypeError('x is undefined')],
    ["another service's refused connection (fetch)", new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }) })],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("the PostgreSQL pool's availability guard", () => {
  it('refuses at once after a lost connection, lets one probe through after the retry time, and closes on an answer', () => {
    let now = 0;
    const guard = createAvailabilityGuard(1000, () => now);
    expect(guard.admit()).toBe('yes');
    guard.lost();
    expect(guard.admit()).toBe('no');
    now = 999;
    expect(guard.admit()).toBe('no');
    now = 1000;
    expect(guard.admit()).toBe('probe');
    // One probe at a time; the others still fail at once.
    expect(guard.admit()).toBe('no');
    guard.lost();
    now = 1500;
    expect(guard.admit()).toBe('no');
    now = 2000;
    expect(guard.admit()).toBe('probe');
    guard.answered();
    expect(guard.isOpen()).toBe(false);
    expect(guard.admit()).toBe('yes');
  });

  it('lets the next checkout probe when a probe ended without an answer', () => {
    let now = 0;
    const guard = createAvailabilityGuard(1000, () => now);
    guard.lost();
    now = 1000;
    expect(guard.admit()).toBe('probe');
    guard.probeEnded();
    expect(guard.admit()).toBe('probe');
  });

  it('gives up on a server that takes the connection but never answers after DATABASE_CONNECT_TIMEOUT, then fails at once', async () => {
    // A TCP server that accepts and stays silent: a PostgreSQL frozen with SIGSTOP looks like this.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    const db = createDatabase(`postgres://site@127.0.0.1:${port}/site`, { timeouts: { statementMs: 500, connectMs: 500 } });
    try {
      const started = Date.now();
      await expect(sql`select 1`.execute(db)).rejects.toSatisfy(isDatabaseUnavailable);
      const first = Date.now() - started;
      expect(first).toBeGreaterThanOrEqual(450);
      expect(first).toBeLessThan(3000);
      // Within the retry time the guard answers for the server.
      await expect(sql`select 1`.execute(db)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await db.destroy().catch(() => undefined);
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
