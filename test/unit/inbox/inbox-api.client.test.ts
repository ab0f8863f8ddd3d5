// The inbox's client: the routes and bodies of the inbox protocol, each answer checked with its
// struct, refusals as ConsoleApiError; and the filter as the address keeps it.
import { describe, expect, it } from 'vitest';
import { createInboxClient } from '../../../src/services/inbox/inbox-api.client.ts';
import { EMPTY_FILTER, filterErrors, filterFromHash, hashOf, queryOf } from '../../../src/services/inbox/inbox-filter.service.ts';
import { ConsoleApiError, createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { MESSAGE, PAGE_MORE } from '../../model-based/inbox/inbox-fixtures.ts';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function clientAnswering(status: number, answer: unknown) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  };
  return { client: createInboxClient(createConsoleApi({ baseUrl: 'https://lumina.example.co.za', fetch })), sent };
}

describe('inbox client', () => {
  it('asks for a page with the filter and cursor as the query, and checks the answer', async () => {
    const { client, sent } = clientAnswering(200, PAGE_MORE);
    await expect(client.list({ state: 'spam', q: 'led wall', cursor: 'c2' })).resolves.toEqual(PAGE_MORE);
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'https://lumina.example.co.za/admin/api/messages?state=spam&q=led+wall&cursor=c2' });
  });

  it('refuses an answer that is not the protocol\'s', async () => {
    const { client } = clientAnswering(200, { messages: 'none' });
    await expect(client.list({})).rejects.toMatchObject({ code: 'invalid_answer' });
  });

  it.each([
    ['read', '/messages/12/read', { read: true }],
    ['unread', '/messages/12/read', { read: false }],
    ['spam', '/messages/12/spam', { spam: true }],
    ['release', '/messages/12/spam', { spam: false }],
  ] as const)('%s posts %s with its body and answers the message', async (command, path, body) => {
    const { client, sent } = clientAnswering(200, { message: MESSAGE });
    await expect(client.command(12, command)).resolves.toEqual(MESSAGE);
    expect(sent[0]).toEqual({ method: 'POST', url: `https://lumina.example.co.za/admin/api${path}`, body });
  });

  it('tries the mail again with POST /messages/12/retry and answers the message with what happened; an answer without it is refused', async () => {
    const retry = { outcome: 'failed', delivered: 0, reason: 'login', smtpAnswer: 'Invalid login: 535 no', held: false, nextAttemptAt: '2026-03-02T08:05:00.000Z' } as const;
    const { client, sent } = clientAnswering(200, { message: MESSAGE, retry });
    await expect(client.retry(12)).resolves.toEqual({ message: MESSAGE, retry });
    expect(sent[0]).toEqual({ method: 'POST', url: 'https://lumina.example.co.za/admin/api/messages/12/retry', body: {} });
    // The answer before: the message alone, nothing said of the attempt.
    await expect(clientAnswering(200, { message: MESSAGE }).client.retry(12)).rejects.toMatchObject({ code: 'invalid_answer' });
  });

  it('deletes with an empty body; a 404 is the server\'s code', async () => {
    const ok = clientAnswering(200, { ok: true });
    await ok.client.remove(12);
    expect(ok.sent[0]).toEqual({ method: 'POST', url: 'https://lumina.example.co.za/admin/api/messages/12/delete', body: {} });
    const gone = clientAnswering(404, { code: 'console_not_found', message: 'No such message.', data: { status: 404 } });
    const error = await gone.client.remove(12).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect(error).toMatchObject({ code: 'console_not_found', status: 404 });
  });

  it('builds the export and attachment addresses (the export without a cursor)', () => {
    const { client } = clientAnswering(200, {});
    expect(client.exportUrl({ state: 'new', from: '2026-03-01', cursor: 'c2' })).toBe('https://lumina.example.co.za/admin/api/messages/export.csv?state=new&from=2026-03-01');
    expect(client.attachmentUrl(12, 4)).toBe('https://lumina.example.co.za/admin/api/messages/12/attachments/4');
  });
});

describe('inbox filter in the address', () => {
  it('reads what the protocol takes and leaves the rest out', () => {
    expect(filterFromHash('#/messages?state=spam&q=pump&form=5&from=2026-03-01&to=2026-03-31')).toEqual({ form: '5', state: 'spam', from: '2026-03-01', to: '2026-03-31', q: 'pump' });
    expect(filterFromHash('#/messages?state=deleted&from=yesterday')).toEqual(EMPTY_FILTER);
    expect(filterFromHash('')).toEqual(EMPTY_FILTER);
  });

  it('writes the filter back without empty fields or state=all, and round-trips', () => {
    expect(hashOf(EMPTY_FILTER)).toBe('#/messages');
    const filter = { ...EMPTY_FILTER, state: 'new', q: ' café & co ' };
    expect(hashOf(filter)).toBe('#/messages?state=new&q=caf%C3%A9+%26+co');
    expect(queryOf(filterFromHash(hashOf(filter)))).toEqual(queryOf(filter));
  });

  it('puts a to date before from beside the to field', () => {
    expect(filterErrors({ ...EMPTY_FILTER, from: '2026-03-10', to: '2026-03-01' })).toEqual({ to: 'The “to” date must be the same as or after the “from” date.' });
    expect(filterErrors({ ...EMPTY_FILTER, from: '2026-03-10', to: '2026-03-10' })).toEqual({});
  });
});
