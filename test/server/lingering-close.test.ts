import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay, setImmediate as turn } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartLimits } from '../../server/contact-form/multipart-limits.ts';
import { LINGER_MARGIN_BYTES } from '../../server/http/lingering-close.ts';
import { contactForm } from '../support/site-content.ts';
import { DEFAULT_USER_AGENT, multipartBody } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { validContactFields } from './helpers/test-forms.ts';

/*
 * An answer sent before the body is read reaches the client (the lingering close: README.md,
 * LINGER_TIMEOUT; ARCHITECTURE.md, "The server"). Over real sockets, a client that sends its
 * whole request and only then reads the answer (as simple HTTP clients do) gets the status and
 * the JSON body with its code, and a client that never stops sending is still cut off at the
 * bounds (LINGER_TIMEOUT, or the route's body limit and LINGER_MARGIN_BYTES more).
 */

const FEEDBACK = (id: number | string) => `/wp-json/contact-form-7/v1/contact-forms/${id}/feedback`;
/** The time bound of the test for it; the others run with the default (5 s) or a longer one. */
const LINGER_MS = 400;

const apps = new Map<string, Promise<{ test: TestApp; port: number }>>();

/** The port of an app listening with LINGER_TIMEOUT `lingerTimeout` (the default if undefined), made once. */
async function portOf(lingerTimeout?: string): Promise<number> {
  const key = lingerTimeout ?? 'default';
  if (!apps.has(key)) {
    apps.set(
      key,
      (async () => {
        const test = await createTestApp({ MAIL_TO: 'sales@example.co.za', ...(lingerTimeout === undefined ? {} : { LINGER_TIMEOUT: lingerTimeout }) });
        return { test, port: Number(new URL(await test.app.listen({ port: 0, host: '127.0.0.1' })).port) };
      })(),
    );
  }
  return (await apps.get(key)!).port;
}

afterAll(async () => {
  for (const app of apps.values()) await (await app).test.cleanup();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

interface Exchange {
  /** The whole answer, or null when it did not arrive complete. */
  answer: Answer | null;
  /** The client's socket error (EPIPE, ECONNRESET…), or null. */
  error: string | null;
}

/** The answer in `bytes` once it is complete (headers and Content-Length bytes of JSON). */
function parseAnswer(bytes: Buffer): Answer | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const length = Number(headers['content-length']);
  const body = bytes.subarray(end + 4);
  if (!Number.isInteger(length) || body.length < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body.subarray(0, length).toString('utf8')) as Record<string, unknown> };
}

function requestHead(path: string, contentType: string, length: number): string {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${DEFAULT_USER_AGENT}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;
}

function written(socket: Socket, data: string | Buffer): Promise<Error | null> {
  return new Promise((resolve) => socket.write(data, (error) => resolve(error ?? null)));
}

interface Pace {
  /** Bytes per write. */
  piece: number;
  /** Between writes: a turn of the event loop, or this many milliseconds (a slower link). */
  pauseMs: number;
}

/**
 * A client that sends the head, then the body piece by piece as it has it, and reads the
 * answer only once everything is sent: the answer is lost if the server resets the
 * connection before (the client's write fails, and what had arrived goes with the socket).
 */
async function sendThenRead(head: string, body: Buffer, pace: Pace = { piece: 64 * 1024, pauseMs: 0 }): Promise<Exchange> {
  const socket = connect(await portOf(), '127.0.0.1');
  let error: string | null = null;
  socket.on('error', (problem: NodeJS.ErrnoException) => (error ??= problem.code ?? problem.message));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let failed = await written(socket, head);
  for (let at = 0; failed === null && at < body.length; at += pace.piece) {
    await (pace.pauseMs === 0 ? turn() : delay(pace.pauseMs));
    failed = await written(socket, body.subarray(at, at + pace.piece));
  }
  if (failed === null && !socket.destroyed) {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A kept-alive connection stays open: the client closes it once the answer is whole.
      if (parseAnswer(Buffer.concat(chunks)) !== null) socket.destroy();
    });
    await closed;
    return { answer: parseAnswer(Buffer.concat(chunks)), error };
  }
  await closed;
  return { answer: null, error: error ?? failed?.message ?? 'closed' };
}

/**
 * Bodies of the contact form with a PDF (random bytes after its header) of a given size: the
 * form's fields as the platform's FormData encodes them, then the file's part, spliced in
 * rather than encoded again for each size.
 */
async function uploadsOf(pdf: Buffer): Promise<{ contentType: string; body(size: number): Buffer }> {
  const { payload, contentType } = await multipartBody(validContactFields());
  const boundary = contentType.slice(contentType.indexOf('boundary=') + 'boundary='.length);
  const fields = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
  const fileHead = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="your-file"; filename="site-plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType, body: (size) => Buffer.concat([fields, fileHead, pdf.subarray(0, size), end]) };
}

/** Runs `task` for each item, `width` at a time. */
async function inParallel<T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

describe(`a refusal sent before the body is read reaches the client, on ${testDialect}`, () => {
  it('answers each of 50 uploads of 6 to 12 MB to the contact form whole: 200 with its status, or 413 with its code', async () => {
    const limit = multipartLimits(contactForm).contentLength;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(12_000_000)]);
    // Alternately a body the form reads (a file over its 5 MB: the field's message) and one
    // over the form's limit, refused as its head arrives.
    const sizes = Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? 6_000_000 + index * 100_000 : 11_600_000 + index * 8_000));
    const uploads = await uploadsOf(pdf);
    const exchanges = await inParallel(sizes, 2, async (size) => {
      const payload = uploads.body(size);
      return { over: payload.length > limit, ...(await sendThenRead(requestHead(FEEDBACK(5), uploads.contentType, payload.length), payload)) };
    });
    const outcomes = exchanges.map(({ over, answer, error }) =>
      answer === null ? `lost (${error})` : over ? `${answer.status} ${String(answer.body.code)}` : `${answer.status} ${String(answer.body.status)}`,
    );
    expect(exchanges.filter((exchange) => exchange.over)).toHaveLength(25);
    expect(outcomes).toEqual(exchanges.map(({ over }) => (over ? '413 wpcf7_request_too_large' : '200 validation_failed')));
  });

  it('answers each of 50 multipart bodies of 70 KB to an unknown form id: 404 wpcf7_not_found', async () => {
    const { payload, contentType } = await multipartBody(validContactFields({ 'your-message': 'x'.repeat(70 * 1024) }));
    // As over a network, where 70 KB takes a few round trips: 16 KB, then the next a moment later.
    const exchanges = await inParallel(Array.from({ length: 50 }, (_, index) => 9000 + index), 4, (id) =>
      sendThenRead(requestHead(FEEDBACK(id), contentType, payload.length), payload, { piece: 16 * 1024, pauseMs: 2 }),
    );
    const outcomes = exchanges.map(({ answer, error }) => (answer === null ? `lost (${error})` : `${answer.status} ${String(answer.body.code)}`));
    expect(outcomes).toEqual(exchanges.map(() => '404 wpcf7_not_found'));
    expect(exchanges[0]?.answer?.headers.connection).toBe('close');
  });

  it.each([
    ['the feedback route, not multipart', FEEDBACK(5), 'text/plain', 415, 'wpcf7_unsupported_media_type'],
    ['the newsletter route, not a form', '/newsletter/subscribe/', 'application/json', 415, 'sib_unsupported_media_type'],
    ['admin-ajax.php, over its limit', '/wp-admin/admin-ajax.php', 'application/x-www-form-urlencoded', 413, 'rest_payload_too_large'],
    ['the click beacon, over its limit', '/wp-json/track-the-click/v3/click/1', 'multipart/form-data; boundary=x', 413, 'rest_payload_too_large'],
    ['an unknown REST route', '/wp-json/no-such/v1/thing', 'multipart/form-data; boundary=x', 404, 'rest_no_route'],
  ])('answers %s before reading the body, and the client that sends it all gets the answer', async (_case, path, contentType, status, code) => {
    const body = Buffer.alloc(300 * 1024, 0x61);
    const exchanges = await inParallel(Array.from({ length: 10 }, () => path), 2, () => sendThenRead(requestHead(path, contentType, body.length), body));
    const outcomes = exchanges.map(({ answer, error }) => (answer === null ? `lost (${error})` : `${answer.status} ${String(answer.body.code)}`));
    expect(outcomes).toEqual(exchanges.map(() => `${status} ${code}`));
  });

  it.each([
    ['to an unknown form id', FEEDBACK(9999), 'multipart/form-data; boundary=x', 404, 'wpcf7_not_found'],
    ['to the newsletter route, not a form', '/newsletter/subscribe/', 'application/json', 415, 'sib_unsupported_media_type'],
  ])(`cuts off a client that keeps sending forever %s at LINGER_TIMEOUT (${LINGER_MS} ms here)`, async (_case, path, contentType, status, code) => {
    // A trickle, far below the byte bound: the time bound ends it. allowHalfOpen: the end of
    // the server's side (right after the answer) does not stop it sending.
    const socket = connect({ port: await portOf(`${LINGER_MS}ms`), host: '127.0.0.1', allowHalfOpen: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.on('error', () => undefined);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    const headAt = performance.now();
    socket.write(requestHead(path, contentType, 1024 * 1024 * 1024));
    let sending = true;
    void closed.then(() => (sending = false));
    let sent = 0;
    const trickle = (async () => {
      while (sending) {
        await delay(10);
        if (sending && !socket.destroyed) sent += (socket.write(Buffer.alloc(1024, 0x61)), 1024);
      }
    })();
    const closedAt = await closed;
    await trickle;
    expect(parseAnswer(Buffer.concat(chunks))).toMatchObject({ status, body: { code } });
    // Read on after the answer for the bound, neither closed with it nor read on for ever.
    expect(closedAt - headAt).toBeGreaterThanOrEqual(LINGER_MS - 5);
    expect(closedAt - headAt).toBeLessThan(LINGER_MS + 3_000);
    expect(sent).toBeLessThan(LINGER_MARGIN_BYTES);
  });

  it('cuts off a client that keeps sending forever as fast as it can at the route\'s limit and the margin', async () => {
    // The time bound far away: only the byte bound can end this one.
    const socket = connect({ port: await portOf('30s'), host: '127.0.0.1', allowHalfOpen: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let error: string | null = null;
    socket.on('error', (problem: NodeJS.ErrnoException) => (error ??= problem.code ?? problem.message));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const startedAt = performance.now();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    // The click beacon: a 16 KB limit, refused (413) as the head arrives.
    socket.write(requestHead('/wp-json/track-the-click/v3/click/1', 'multipart/form-data; boundary=x', 1024 * 1024 * 1024));
    const piece = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    while (!socket.destroyed && sent < 1024 * 1024 * 1024) {
      const failed = await written(socket, piece);
      if (failed !== null) break;
      sent += piece.length;
    }
    const closedAt = await closed;
    expect(parseAnswer(Buffer.concat(chunks))).toMatchObject({ status: 413, body: { code: 'rest_payload_too_large' } });
    expect(error).not.toBeNull();
    // Read up to the bound (the rest of what was sent sat in the kernel's buffers), not more.
    expect(sent).toBeGreaterThan(16 * 1024 + LINGER_MARGIN_BYTES);
    expect(sent).toBeLessThan(16 * 1024 + LINGER_MARGIN_BYTES + 64 * 1024 * 1024);
    expect(closedAt - startedAt).toBeLessThan(10_000);
  });
});
