import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICK_ROUTE } from '../../src/validation/click-tracking/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { DEFAULT_USER_AGENT, multipartBody } from './helpers/multipart.ts';
import { homeFields, urlencoded } from './helpers/newsletter-requests.ts';
import { testForms, validContactFields } from './helpers/test-forms.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The abuse fuzz (README, "Abuse paths and the limits that stop them"): 2,000 random requests
 * to a listening server (real sockets) mixing click beacons (valid and not, multipart and
 * urlencoded), newsletter sign-ups and contact-form uploads (random sizes and content, bodies
 * cut short, sockets dropped mid-body). Whatever arrives, the server answers no 5xx, leaves no
 * temporary upload file, and keeps what one address stored within UPLOAD_DAILY_BYTES.
 * FUZZ_SEED repeats a run (request i is made from the seed and i); the seed is printed.
 */

const REQUESTS = 2000;
const CONCURRENCY = 8;
const DAILY_BYTES = 8 * 1024 * 1024;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** A small seeded generator (mulberry32): the same seed, the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T,>(items: readonly T[]): T => items[int(items.length)]!;
  const bytes = (length: number) => {
    const out = Buffer.allocUnsafe(Math.ceil(length / 4) * 4);
    for (let index = 0; index < out.length; index += 4) out.writeUInt32LE(Math.floor(next() * 2 ** 32), index);
    return out.subarray(0, length);
  };
  const text = (max: number) => {
    const alphabet = ['a', 'Z', '7', ' ', '+', '.', '@', '\u00e9', '\u4e2d', '\u{1f600}', '\u0000', '\r\n', '"', '%', '<'];
    return Array.from({ length: int(max) }, () => pick(alphabet)).join('');
  };
  return { next, int, pick, bytes, text };
}

type Random = ReturnType<typeof generator>;

/** What one fuzz request sends: a body and how its sending ends. */
interface FuzzRequest {
  kind: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** whole: sent and answered; cut: the socket is dropped after `sendBytes` of the body. */
  ending: { type: 'whole' } | { type: 'cut'; sendBytes: number };
}

const FILE_HEADS = [Buffer.from('%PDF-1.7\n'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(0)];

/** Mostly small files, some up to a megabyte, a few around and past the field's 5 MB. */
function fileSize(random: Random): number {
  const roll = random.next();
  if (roll < 0.7) return random.int(64 * 1024);
  if (roll < 0.95) return 64 * 1024 + random.int(1024 * 1024);
  return 4 * 1024 * 1024 + random.int(2 * 1024 * 1024);
}

async function uploadRequest(random: Random): Promise<FuzzRequest> {
  const head = random.pick(FILE_HEADS);
  const content = Buffer.concat([head, random.bytes(Math.max(0, fileSize(random) - head.length))]);
  const name = random.pick(['brief.pdf', 'site.png', 'plan.jpg', 'x.exe', '', 'C:\\fakepath\\a.pdf', random.text(30)]);
  const fields: Record<string, string | File> = random.next() < 0.7 ? validContactFields() : { 'your-name': random.text(40), 'your-email': random.text(20) };
  fields['your-file'] = new File([new Uint8Array(content)], name, { type: random.pick(['application/pdf', 'image/png', 'application/octet-stream']) });
  const { payload, contentType } = await multipartBody(fields);
  const roll = random.next();
  // A body cut short inside the multipart (the HTTP body complete), or the socket dropped.
  const body = roll < 0.1 ? payload.subarray(0, random.int(payload.length)) : payload;
  const ending = roll > 0.85 ? { type: 'cut' as const, sendBytes: random.int(payload.length) } : { type: 'whole' as const };
  const chunked = random.next() < 0.3;
  return {
    kind: 'upload',
    path: '/wp-json/contact-form-7/v1/contact-forms/5/feedback',
    headers: { 'content-type': contentType, ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }) },
    body,
    ending: ending.type === 'cut' ? { type: 'cut', sendBytes: Math.min(ending.sendBytes, body.length) } : ending,
  };
}

async function beaconRequest(random: Random, site: string): Promise<FuzzRequest> {
  const valid = random.next() < 0.5;
  const fields: Record<string, string> = valid
    ? // A link the fixture's home page has (its page-links.json), or one it does not; any anchor.
      { postID: random.pick(['12', String(random.int(50))]), location: `${site}/${random.pick(['', '', 'projects/', 'contact/'])}`, anchor: random.pick(['See our projects', 'Call us', 'LinkedIn', 'image:logo.png']), target: random.pick([`${site}/#projects`, 'https://www.linkedin.com/company/lumina', 'tel:+27215550100', `${site}/contact/`, 'https://example.org/']) }
    : Object.fromEntries(
        Array.from({ length: random.int(6) }, () => [random.pick(['postID', 'location', 'anchor', 'target', random.text(8)]), random.pick([random.text(40), random.text(5000), `${site}/${random.text(20)}`, '-1', '\u0000'])]),
      );
  const multipart = random.next() < 0.5;
  let body: Buffer;
  let contentType: string;
  if (multipart) ({ payload: body, contentType } = await multipartBody(fields));
  else [body, contentType] = [Buffer.from(urlencoded(fields)), 'application/x-www-form-urlencoded'];
  if (!valid && random.next() < 0.2) body = random.bytes(random.int(20 * 1024));
  if (!valid && random.next() < 0.1) contentType = random.pick(['application/json', 'text/plain', 'multipart/form-data; boundary=', '']);
  const cachebreak = valid || random.next() < 0.8 ? String(random.int(1e9)) : random.text(6);
  return { kind: 'beacon', path: `/wp-json/${CLICK_ROUTE}${encodeURIComponent(cachebreak)}`, headers: { 'content-type': contentType, 'content-length': String(body.length) }, body, ending: { type: 'whole' } };
}

function signUpRequest(random: Random, nonce: string, cookie: string): FuzzRequest {
  const email = random.pick([`person${random.int(1e6)}@example.co.za`, random.text(30), `${random.text(10)}@${random.text(10)}`, 'a@b']);
  const fields = random.next() < 0.6 ? homeFields(nonce, { email }) : Object.fromEntries(Array.from({ length: random.int(10) }, () => [random.text(10), random.text(200)]));
  const body = Buffer.from(urlencoded(fields));
  // The nonce is bound to the cookie it was fetched with (server/security/nonce-cookie.ts); most sign-ups carry it.
  const withCookie: Record<string, string> = random.next() < 0.9 ? { cookie } : {};
  return { kind: 'sign-up', path: '/newsletter/subscribe/', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length), ...withCookie }, body, ending: { type: 'whole' } };
}

/** Sends one request on its own socket; the status, or null when the client dropped it. */
function send(port: number, fuzz: FuzzRequest): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: fuzz.path, agent: false, headers: { 'user-agent': DEFAULT_USER_AGENT, ...fuzz.headers } });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error) => (fuzz.ending.type === 'cut' || /ECONNRESET|EPIPE/.test(String(error)) ? resolve(null) : reject(error)));
    if (fuzz.ending.type === 'whole') {
      request.end(fuzz.body);
      return;
    }
    request.write(fuzz.body.subarray(0, fuzz.ending.sendBytes), () => setTimeout(() => request.destroy(), 5));
    request.on('close', () => resolve(null));
  });
}

describe(`the abuse fuzz on ${testDialect}`, () => {
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    testApp = await createTestApp(
      { MAIL_TO: 'sales@example.co.za', UPLOAD_DAILY_BYTES: String(DAILY_BYTES), UPLOAD_MIN_FREE_BYTES: '0', REQUEST_TIMEOUT: '5s' },
      { forms: testForms },
    );
    port = Number(new URL(await testApp.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  afterAll(async () => {
    await testApp?.cleanup();
  });

  it(`answers ${REQUESTS} random beacons, sign-ups and uploads without a 5xx, a temporary file or more stored than the budget`, { timeout: 240_000 }, async () => {
    const nonceAnswer = await fetch(`http://127.0.0.1:${port}/wp-json/site/v1/nonce/sib_subscribe`);
    const cookie = nonceAnswer.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const nonce = (await nonceAnswer.json()) as { nonce: string };
    const site = testApp.app.config.siteUrl;
    const statuses = new Map<string, number>();
    const serverErrors: string[] = [];
    let made = 0;
    const worker = async () => {
      while (made < REQUESTS) {
        const random = generator(SEED * 7919 + made);
        made += 1;
        const roll = random.next();
        const fuzz = roll < 0.4 ? await beaconRequest(random, site) : roll < 0.65 ? signUpRequest(random, nonce.nonce, cookie) : await uploadRequest(random);
        const status = await send(port, fuzz);
        const key = `${fuzz.kind} ${status ?? 'dropped'}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (status !== null && status >= 500) serverErrors.push(`${fuzz.kind} ${fuzz.path} → ${status}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const summary = `seed ${SEED}: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`;
    console.info(summary);

    expect(serverErrors, summary).toEqual([]);
    // Dropped requests are finished by the server a little after the client left.
    const temporary = async () => (await readdir(testApp.uploadDir)).filter((name) => name.startsWith('incoming-'));
    await waitFor('no temporary upload files', async () => (await temporary()).length === 0, 10_000).catch(() => undefined);
    expect(await temporary(), summary).toEqual([]);
    let stored = 0;
    for (const name of await readdir(testApp.uploadDir)) stored += (await stat(path.join(testApp.uploadDir, name))).size;
    expect(stored, summary).toBeLessThanOrEqual(DAILY_BYTES);
    expect(stored, `${summary}: some files were stored`).toBeGreaterThan(0);
  });
});
