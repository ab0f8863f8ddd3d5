import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { contactForm } from '../../support/site-content.ts';
import type { FormDefinition } from '../../support/site-content.ts';
import { apiRequestsOf, fillTemplate } from '../../../server/contact-form/api-actions.ts';
import { startRequestDelivery } from '../../../server/mail/start-mail-delivery.ts';
import type { OutboxMessage } from '../../../server/db/types.ts';
import { PermanentFailureError, type OutboxWorker } from '../../../server/mail/outbox-worker.ts';
import { createRequestSender } from '../../../server/mail/request-sender.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/test-db.ts';
import { validContactFields } from '../helpers/test-forms.ts';
import { waitFor } from '../helpers/wait-for.ts';

/*
 * A contact form's API actions run on the server: each request is written to the outbox with
 * the submission, in its transaction, and the request worker sends it to the outside service (a
 * local HTTP server standing in for crm.example.com), retrying when it fails, across a restart.
 * The browser's answer says nothing of them.
 */

const HOSTILE = `Thandi "T" <script>alert(1)</script>\r\nX-Injected: 1 & co`;
/** What a name field lets through (no line breaks) that could still break a body. */
const HOSTILE_NAME = `"T" <script>x</script> &admin=1`;
const FAST_RETRY = { baseDelayMs: 50, maxDelayMs: 100, maxAgeMs: 60_000 };

const apiForm: FormDefinition = {
  ...contactForm,
  allowedHosts: ['crm.example.com'],
  actions: [
    { type: 'api_url_request', url: 'https://crm.example.com/leads?src=site', method: 'POST', headers: [{ name: 'Authorization', value: 'env:TEST_CRM_AUTHORIZATION' }, { name: 'X-Source', value: 'website' }], fields: [{ param: 'name', field: 'your-name' }, { param: 'email', field: 'your-email' }] },
    { type: 'api_json_xml_request', url: 'https://crm.example.com/leads.json', method: 'PUT', format: 'json', template: '{"name": "[your-name]", "email": "[your-email]"}' },
    { type: 'api_url_request', url: 'https://crm.example.com/never', method: 'GET', fields: [{ param: 'n', field: 'your-name' }], when: { field: 'your-subject', equals: 'Something else' } },
  ],
};

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The token the Authorization header names (`env:TEST_CRM_AUTHORIZATION`), given to forms by FORM_ACTION_SECRETS. */
const CRM_ENV = { FORM_ACTION_SECRETS: 'TEST_CRM_AUTHORIZATION', TEST_CRM_AUTHORIZATION: 'Bearer test-token' };

/** An http row as the outbox worker claims it; each test puts its own request in. */
const QUEUED_ROW: OutboxMessage = {
  id: 7,
  submission_id: 1,
  to_address: '',
  reply_to: null,
  subject: 'GET https://crm.example.com/x',
  body: '',
  headers: '{}',
  attempts: 1,
  next_attempt_at: '2026-03-02T07:30:00.000Z',
  last_error: null,
  delivered_at: null,
  created_at: '2026-03-02T07:30:00.000Z',
  attachments: '[]',
  failed_at: null,
  from_name: null,
  channel: 'http',
  request: null,
  order_key: null,
  response_status: null,
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A local stand-in for the outside API; `statuses` are answered in turn, then 200. */
async function startCrm(statuses: number[] = []): Promise<{ received: Received[]; origin: string }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' });
      // More than the 64 KB the worker reads.
      response.end(JSON.stringify({ ok: true, pad: 'x'.repeat(100_000) }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { received, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The worker's fetch, with https://crm.example.com answered by the local stand-in. */
const toLocal = (origin: string): typeof fetch => (input, init) => fetch(String(input).replace('https://crm.example.com', origin), init);

async function appOn(database: TestDatabase): Promise<TestApp> {
  const test = await createTestApp({ MAIL_TO: 'sales@example.co.za', ...CRM_ENV }, { forms: [apiForm], database });
  await test.app.ready();
  return test;
}

describe('the Content-Security-Policy of a site with a POST redirect', () => {
  it('lets forms submit to the allow-listed origin a redirect action posts to, and to no other', async () => {
    const form: FormDefinition = {
      ...apiForm,
      actions: [...(apiForm.actions ?? []), { type: 'redirect', url: 'https://crm.example.com/pay', delay: 0, open: 'redirect', post: ['your-name'] }],
    };
    const test = await createTestApp(CRM_ENV, { forms: [form] });
    cleanups.push(() => test.cleanup());
    const response = await test.app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("form-action 'self' https://crm.example.com;");
  });
});

describe('the variables an API action may send (FORM_ACTION_SECRETS)', () => {
  it('refuses to start a server whose form names a variable FORM_ACTION_SECRETS does not list, naming the form, the field and the variable', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.cleanup());
    await expect(createTestApp({ NONCE_SECRET: 'x'.repeat(40) }, { forms: [apiForm], database })).rejects.toThrow(
      `form ${apiForm.id} ("${apiForm.title}"), actions[0].headers[0].value: env:TEST_CRM_AUTHORIZATION is not listed in FORM_ACTION_SECRETS`,
    );
  });

  it('never reads an unlisted variable when a request is made: the action is left out and the error logged', () => {
    const logged: Array<[object, string]> = [];
    const log = { warn: (details: object, text: string) => logged.push([details, text]), error: (details: object, text: string) => logged.push([details, text]) };
    const sending = (value: string): FormDefinition => ({
      ...apiForm,
      actions: [{ type: 'api_url_request', url: 'https://crm.example.com/x', method: 'GET', headers: [{ name: 'X-Key', value }], fields: [{ param: 'n', field: 'your-name' }] }],
    });
    const secrets = new Map([['CRM_TOKEN', 'crm-token']]);
    expect(apiRequestsOf(sending('env:NONCE_SECRET'), { 'your-name': 'Thandi' }, log, secrets)).toEqual([]);
    expect(logged).toEqual([[expect.objectContaining({ variables: ['NONCE_SECRET'] }), expect.stringContaining('FORM_ACTION_SECRETS')]]);
    // A listed variable is queued by its name: the value is read as the request is sent.
    const listed = apiRequestsOf(sending('env:CRM_TOKEN'), { 'your-name': 'Thandi' }, log, secrets);
    expect(listed.map((request) => request.headers)).toEqual([[['X-Key', 'env:CRM_TOKEN']]]);
  });

  it('fills a queued env:NAME as the request is sent, and fails it for good, sending nothing, when FORM_ACTION_SECRETS no longer lists it', async () => {
    const sent: Array<[string, Headers]> = [];
    const fake: typeof fetch = async (input, init) => {
      sent.push([String(input), new Headers(init?.headers)]);
      return new Response('ok');
    };
    const sender = createRequestSender({ fetch: fake, secrets: new Map([['CRM_TOKEN', 'crm\r\n-token']]) });
    const row = (value: string): OutboxMessage => ({
      ...QUEUED_ROW,
      request: JSON.stringify({ url: 'https://crm.example.com/x', method: 'GET', headers: [['X-Key', value], ['X-Source', 'website']], body: null, contentType: null }),
    });
    await sender.send(row('env:CRM_TOKEN'));
    expect(sent.map(([url, headers]) => [url, headers.get('x-key'), headers.get('x-source')])).toEqual([['https://crm.example.com/x', 'crm-token', 'website']]);
    const refused = sender.send(row('env:ZAPIER_KEY'));
    await expect(refused).rejects.toBeInstanceOf(PermanentFailureError);
    await expect(refused).rejects.toThrow('a header names env:ZAPIER_KEY, which FORM_ACTION_SECRETS no longer lists');
    expect(sent).toHaveLength(1);
  });
});

describe('API action templates', () => {
  it('put a value in a JSON string or XML text, escaped for it', () => {
    const body = fillTemplate('{"name": "[your-name]", "n": 1}', 'json', { 'your-name': HOSTILE });
    expect(JSON.parse(body)).toEqual({ name: HOSTILE.trim(), n: 1 });
    const xml = fillTemplate('<lead><name>[your-name]</name></lead>', 'xml', { 'your-name': HOSTILE });
    expect(xml).toBe('<lead><name>Thandi &quot;T&quot; &lt;script&gt;alert(1)&lt;/script&gt;\r\nX-Injected: 1 &amp; co</name></lead>');
  });
});

describe(`API actions through the outbox on ${testDialect}`, () => {
  it('queues each request with its submission, tells the browser nothing, and sends them to the outside service', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.cleanup());
    const test = await appOn(database);
    cleanups.push(() => test.cleanup());
    const crm = await startCrm();

    const answer = answerOf(await postFeedback(test.app, 5, validContactFields({ 'your-name': HOSTILE_NAME })));
    expect(answer.status).toBe('mail_sent');
    expect(JSON.stringify(answer)).not.toContain('crm.example.com');
    const queued = await database.db.selectFrom('outbox').selectAll().where('channel', '=', 'http').orderBy('id').execute();
    expect(queued.map((row) => row.subject)).toEqual(['POST https://crm.example.com/leads?src=site', 'PUT https://crm.example.com/leads.json']);
    const [submission] = await database.db.selectFrom('submissions').select('id').execute();
    expect(queued.every((row) => row.submission_id === submission?.id)).toBe(true);
    // The token is queued by its name, never its value (README.md, "Configuration": FORM_ACTION_SECRETS).
    expect(JSON.stringify(queued)).toContain('env:TEST_CRM_AUTHORIZATION');
    expect(JSON.stringify(queued)).not.toContain('test-token');

    const worker: OutboxWorker = startRequestDelivery(test.app, { pollMs: 20, retry: FAST_RETRY, fetch: toLocal(crm.origin) });
    cleanups.push(() => worker.stop());
    await waitFor('both requests', () => (crm.received.length >= 2 ? crm.received : undefined));
    const [form, json] = crm.received;
    expect(form).toMatchObject({ method: 'POST', url: '/leads?src=site' });
    // The token came from a variable FORM_ACTION_SECRETS lists, not from content.
    expect(form?.headers.authorization).toBe('Bearer test-token');
    expect(form?.headers['x-source']).toBe('website');
    expect(form?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(form?.body))).toEqual({ name: HOSTILE_NAME, email: 'thandi@example.co.za' });
    expect(json).toMatchObject({ method: 'PUT', url: '/leads.json' });
    expect(json?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(json?.body ?? '')).toEqual({ name: HOSTILE_NAME, email: 'thandi@example.co.za' });
    const rows = await waitFor('delivered rows', async () => {
      const done = await database.db.selectFrom('outbox').selectAll().where('channel', '=', 'http').where('delivered_at', 'is not', null).execute();
      return done.length === 2 ? done : undefined;
    });
    expect(rows.map((row) => row.response_status)).toEqual([200, 200]);
  });

  it('retries a request the service refused, and loses none across a restart', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.cleanup());
    const first = await appOn(database);
    answerOf(await postFeedback(first.app, 5, validContactFields()));
    // The server stops before any worker sent anything.
    await first.cleanup();

    const second = await appOn(database);
    cleanups.push(() => second.cleanup());
    const crm = await startCrm([503, 500]);
    const worker = startRequestDelivery(second.app, { pollMs: 20, retry: FAST_RETRY, fetch: toLocal(crm.origin) });
    cleanups.push(() => worker.stop());
    const rows = await waitFor('both requests delivered', async () => {
      const done = await database.db.selectFrom('outbox').selectAll().where('channel', '=', 'http').where('delivered_at', 'is not', null).execute();
      return done.length === 2 ? done : undefined;
    });
    // Two refusals, then success: four calls for two requests, each counted as an attempt.
    expect(crm.received).toHaveLength(4);
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(4);
  });
});
