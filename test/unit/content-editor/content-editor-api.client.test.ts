// The content editor's client: the routes and bodies of its protocol, each answer checked with
// its struct; a 409's live revision and a 400's problems read from the refusal's data (which the
// console's client keeps); the preview's address made absolute for its frame.
import { describe, expect, it } from 'vitest';
import { conflictOf, createContentEditorClient, problemsOf } from '../../../src/services/content-editor/content-editor-api.client.ts';
import { createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { CONTENT_ERROR } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { DOCUMENTS, HERO, REVISIONS, THEIRS } from '../../model-based/content-editor/content-fixtures.ts';

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
  return { client: createContentEditorClient(createConsoleApi({ baseUrl: 'https://lumina.example.co.za', fetch })), sent };
}

const API = 'https://lumina.example.co.za/admin/api';

describe('content editor client', () => {
  it('lists the documents and reads one, its revisions and one revision', async () => {
    let { client, sent } = clientAnswering(200, DOCUMENTS);
    await expect(client.documents()).resolves.toEqual(DOCUMENTS);
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${API}/content` });
    ({ client, sent } = clientAnswering(200, JSON.parse(JSON.stringify({ ...HERO }))));
    await expect(client.document('hero')).resolves.toMatchObject({ name: 'hero', revision: 7 });
    await client.revision('hero', 4);
    expect(sent.map((request) => request.url)).toEqual([`${API}/content/hero`, `${API}/content/hero/revisions/4`]);
    ({ client, sent } = clientAnswering(200, REVISIONS));
    await expect(client.revisions('hero')).resolves.toEqual(REVISIONS);
    expect(sent[0]?.url).toBe(`${API}/content/hero/revisions`);
  });

  it('refuses an answer that is not the protocol’s', async () => {
    const { client } = clientAnswering(200, { documents: 'none' });
    await expect(client.documents()).rejects.toMatchObject({ code: 'invalid_answer' });
  });

  it('publishes and restores with the base revision, and previews with the page asked for', async () => {
    let { client, sent } = clientAnswering(200, { revision: 8, number: 4, publishedAt: '2026-03-02T08:00:00.000Z' });
    await client.publish('hero', { baseRevision: 7, document: { heading: 'x' }, note: 'why' });
    await client.restore('hero', { revision: 4, baseRevision: 7 });
    expect(sent).toEqual([
      { method: 'POST', url: `${API}/content/hero/publish`, body: { baseRevision: 7, document: { heading: 'x' }, note: 'why' } },
      { method: 'POST', url: `${API}/content/hero/restore`, body: { revision: 4, baseRevision: 7 } },
    ]);
    ({ client, sent } = clientAnswering(200, { url: '/admin/api/content/previews/p1', paths: ['/'] }));
    await expect(client.preview('hero', { heading: 'x' }, '/thank-you/')).resolves.toEqual({ url: `${API}/content/previews/p1`, paths: ['/'] });
    expect(sent[0]).toMatchObject({ method: 'POST', url: `${API}/content/hero/preview`, body: { document: { heading: 'x' }, path: '/thank-you/' } });
  });

  it('reads who published first from a 409, and every problem from a 400', async () => {
    let { client } = clientAnswering(409, { code: CONTENT_ERROR.conflict, message: 'Published since.', data: { status: 409, current: THEIRS } });
    const conflict = await client.publish('hero', { baseRevision: 7, document: {}, note: '' }).catch((error: unknown) => error);
    expect(conflictOf(conflict)).toEqual(THEIRS);
    expect(problemsOf(conflict)).toEqual([]);
    const problems = [{ path: 'heading', message: 'Expected a non-empty string, but received an empty one' }];
    ({ client } = clientAnswering(400, { code: CONTENT_ERROR.invalidDocument, message: 'Not valid.', data: { status: 400, problems } }));
    const invalid = await client.publish('hero', { baseRevision: 7, document: {}, note: '' }).catch((error: unknown) => error);
    expect(problemsOf(invalid)).toEqual(problems);
    expect(conflictOf(invalid)).toBeNull();
  });
});
