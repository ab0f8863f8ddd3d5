import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-db.ts';
import { answerOf, DEFAULT_USER_AGENT, multipartBody } from './helpers/multipart.ts';
import { testForms, validContactFields } from './helpers/test-forms.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The disk a visitor's uploads may use (README, "Abuse paths and the limits that stop them"):
 * a daily byte budget per address counted in the database, a free-space floor, no temporary
 * file left by a refused or aborted upload, and a full disk answered as the server's fault.
 */

const FEEDBACK_URL = '/wp-json/contact-form-7/v1/contact-forms/5/feedback';
const OVER_BUDGET = 'We cannot take more files from you today; send the message without it, or e-mail it';
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);
const fileOf = (bytes: Buffer, name = 'brief.pdf') => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const temporaryFiles = async (dir: string) => (await readdir(dir)).filter((name) => /^incoming-.*\.tmp$/.test(name));

/** A submission from `ip` (each test address has its own budget). */
async function postFrom(testApp: TestApp, ip: string, fields: Record<string, string | File>) {
  const { payload, contentType } = await multipartBody(fields);
  return testApp.app.inject({
    method: 'POST',
    url: FEEDBACK_URL,
    payload,
    remoteAddress: ip,
    headers: { 'content-type': contentType, 'user-agent': DEFAULT_USER_AGENT },
  });
}

describe(`the upload budget on ${testDialect}`, () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  const MB = 1024 * 1024;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two servers on one database: the budget holds across processes.
    const env = { MAIL_TO: 'sales@example.co.za', UPLOAD_DAILY_BYTES: String(3 * MB), UPLOAD_MIN_FREE_BYTES: '0' };
    first = await createTestApp(env, { forms: testForms, database });
    second = await createTestApp({ ...env, UPLOAD_DIR: first.uploadDir }, { forms: testForms, database });
  });

  afterAll(async () => {
    await first?.cleanup();
    await second?.cleanup();
    await database?.cleanup();
  });

  it('takes files up to UPLOAD_DAILY_BYTES from one address, then refuses the file on its field; the message alone is still accepted', async () => {
    const file = fileOf(pdfOf(1.2 * MB));
    expect(answerOf(await postFrom(first, '198.51.100.7', { ...validContactFields(), 'your-file': file })).status).toBe('mail_sent');
    expect(answerOf(await postFrom(second, '198.51.100.7', { ...validContactFields(), 'your-file': file })).status).toBe('mail_sent');

    const refused = answerOf(await postFrom(second, '198.51.100.7', { ...validContactFields(), 'your-file': file }));
    expect(refused.status).toBe('validation_failed');
    expect(refused.invalid_fields).toEqual([{ field: 'your-file', message: OVER_BUDGET, idref: null, error_id: 'wpcf7-f5-p2-o1-ve-your-file' }]);
    expect(await temporaryFiles(first.uploadDir)).toEqual([]);

    // The same message without the file goes through.
    expect(answerOf(await postFrom(first, '198.51.100.7', validContactFields())).status).toBe('mail_sent');
    // Another address has its own budget.
    expect(answerOf(await postFrom(first, '203.0.113.9', { ...validContactFields(), 'your-file': file })).status).toBe('mail_sent');
    const stored = await database.db.selectFrom('submission_files').select(({ fn }) => fn.sum<number>('size').as('bytes')).executeTakeFirstOrThrow();
    expect(Number(stored.bytes)).toBe(3 * file.size);
  });

  it('does not charge a file the submission did not keep (a refused message)', async () => {
    const file = fileOf(pdfOf(1.2 * MB));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = answerOf(await postFrom(first, '192.0.2.44', { ...validContactFields({ 'your-email': 'not an address' }), 'your-file': file }));
      expect(answer.status).toBe('validation_failed');
    }
    expect(answerOf(await postFrom(first, '192.0.2.44', { ...validContactFields(), 'your-file': file })).status).toBe('mail_sent');
    expect(answerOf(await postFrom(first, '192.0.2.44', { ...validContactFields(), 'your-file': file })).status).toBe('mail_sent');
  });
});

describe('the free-space floor', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // A floor no disk here reaches: every file is past it.
    testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za', UPLOAD_MIN_FREE_BYTES: '1000000GB' }, { forms: testForms });
  });

  afterAll(async () => {
    await testApp?.cleanup();
  });

  it('refuses a file when UPLOAD_MIN_FREE_BYTES would not be left, with the same field error; without the file the message is accepted', async () => {
    const refused = answerOf(await postFrom(testApp, '198.51.100.20', { ...validContactFields(), 'your-file': fileOf(pdfOf(100 * 1024)) }));
    expect(refused.status).toBe('validation_failed');
    expect(refused.invalid_fields).toMatchObject([{ field: 'your-file', message: OVER_BUDGET }]);
    expect(await readdir(testApp.uploadDir)).toEqual([]);
    expect(answerOf(await postFrom(testApp, '198.51.100.20', validContactFields())).status).toBe('mail_sent');
  });
});

describe('temporary files of refused and aborted uploads', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za' }, { forms: testForms });
  });

  afterAll(async () => {
    await testApp?.cleanup();
  });

  it('leaves no incoming-*.tmp after a 15 MB chunked upload refused with 413', async () => {
    const chunks = (function* () {
      yield Buffer.from('--x\r\nContent-Disposition: form-data; name="your-file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n');
      for (let index = 0; index < 15; index += 1) yield Buffer.alloc(1024 * 1024, 0x20);
    })();
    const response = await testApp.app.inject({
      method: 'POST',
      url: FEEDBACK_URL,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'user-agent': DEFAULT_USER_AGENT },
      payload: Readable.from(chunks),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'wpcf7_request_too_large' });
    expect(await temporaryFiles(testApp.uploadDir)).toEqual([]);
  });

  it('leaves no incoming-*.tmp when the client goes away in the middle of a file', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(Number(new URL(address).port), '127.0.0.1');
    await once(socket, 'connect');
    const head = '--x\r\nContent-Disposition: form-data; name="your-file"; filename="brief.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n';
    const part = Buffer.concat([Buffer.from(head), Buffer.alloc(1024 * 1024, 0x20)]);
    socket.write(
      `POST ${FEEDBACK_URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
        `User-Agent: ${DEFAULT_USER_AGENT}\r\nTransfer-Encoding: chunked\r\n\r\n${part.length.toString(16)}\r\n`,
    );
    socket.write(part);
    socket.write('\r\n');
    await waitFor('the temporary file', async () => (await temporaryFiles(testApp.uploadDir)).length === 1, 5000);
    socket.destroy();
    await waitFor('the temporary file to be removed', async () => (await temporaryFiles(testApp.uploadDir)).length === 0, 3000);
  });
});

// A real full disk: a 2 MB tmpfs, which only root can mount (CI runs the tests as root).
const canMount = process.getuid?.() === 0 && process.platform === 'linux';

describe.skipIf(!canMount)('a full disk (a 2 MB tmpfs as UPLOAD_DIR)', () => {
  let mountPoint: string;
  let testApp: TestApp;
  const logged: Array<{ level: number; msg: string; err?: { code?: string; message?: string } }> = [];

  beforeAll(async () => {
    mountPoint = await mkdtemp(path.join(tmpdir(), 'site-test-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', mountPoint]);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    testApp = await createTestApp(
      { MAIL_TO: 'sales@example.co.za', UPLOAD_DIR: mountPoint, UPLOAD_MIN_FREE_BYTES: '0' },
      { forms: testForms, logger: { level: 'warn', stream } },
    );
  });

  afterAll(async () => {
    await testApp?.cleanup();
    if (mountPoint !== undefined) {
      execFileSync('umount', [mountPoint]);
      await rm(mountPoint, { recursive: true, force: true });
    }
  });

  it('answers 503 with a code, logs the filesystem error at error, and leaves nothing behind', async () => {
    const response = await postFrom(testApp, '198.51.100.30', { ...validContactFields(), 'your-file': fileOf(pdfOf(3 * 1024 * 1024)) });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'wpcf7_upload_storage_failed',
      message: 'The file could not be stored on the server. Please try again later, or send the message without it.',
      data: { status: 503 },
    });
    const errors = logged.filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('ENOSPC');
    expect(await readdir(mountPoint)).toEqual([]);
    // The disk is free again: the same file fits the next time it has room, a message always.
    expect(answerOf(await postFrom(testApp, '198.51.100.30', validContactFields())).status).toBe('mail_sent');
  });
});
