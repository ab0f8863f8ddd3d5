import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repositoryContent } from '../../../content/repository-content.ts';
import { CONTENT_ROUTE, type DocumentAnswer, type DocumentListAnswer, type RevisionListAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { api, get, post } from '../console-access/console-access-fixture.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * A revision's number is its document's (README.md, "Editing the site"; migration 0034): the
 * hero's third publish is its revision 3, however many other documents were published between;
 * the global id stays the API's key. A restore is the document's next number, and its note
 * names the number restored.
 */

const NOW = Date.parse('2026-12-05T08:00:00.000Z');

describe(`revision numbers per document on ${testDialect}`, () => {
  let test: TestApp;
  let owner: TestPerson;

  beforeAll(async () => {
    test = await createTestApp({ CONTENT_PUBLISH_RATE_LIMIT: 'off' }, { now: () => NOW });
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    test.app.contentPublished = async () => undefined;
    await test.app.db.deleteFrom('content_revisions').execute();
  });

  const live = async (name: 'hero' | 'about') => (await get(test.app, api(CONTENT_ROUTE.document, { name }), owner.cookie)).json() as DocumentAnswer;
  const publish = async (name: 'hero' | 'about', index: number) => {
    const base = repositoryContent()[name];
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name }), { baseRevision: (await live(name)).revision, document: { ...base, heading: `Heading ${index}` }, note: '' }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { revision: number; number: number };
  };

  it('counts each document’s revisions on their own, whatever the global ids', async () => {
    expect(await publish('hero', 1)).toMatchObject({ number: 1 });
    expect(await publish('about', 1)).toMatchObject({ number: 1 });
    expect(await publish('about', 2)).toMatchObject({ number: 2 });
    const third = await publish('hero', 2);
    expect(third.number).toBe(2);
    // The global id counts every document's publishes.
    expect(third.revision).toBeGreaterThan(3);

    const list = (await get(test.app, api(CONTENT_ROUTE.revisions, { name: 'hero' }), owner.cookie)).json() as RevisionListAnswer;
    expect(list.revisions.map((item) => item.number)).toEqual([2, 1, 0]);
    expect(await live('hero')).toMatchObject({ revision: third.revision, number: 2 });
    const documents = (await get(test.app, api(CONTENT_ROUTE.documents), owner.cookie)).json() as DocumentListAnswer;
    expect(documents.documents.find((document) => document.name === 'about')).toMatchObject({ number: 2 });
    expect(documents.documents.find((document) => document.name === 'company')).toMatchObject({ revision: 0, number: 0 });

    // A restore is the next number, its note naming the number restored.
    const first = list.revisions[1]!;
    const restored = await post(test.app, api(CONTENT_ROUTE.restore, { name: 'hero' }), { revision: first.revision, baseRevision: third.revision }, owner.cookie);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ number: 3 });
    const after = (await get(test.app, api(CONTENT_ROUTE.revisions, { name: 'hero' }), owner.cookie)).json() as RevisionListAnswer;
    expect(after.revisions[0]).toMatchObject({ number: 3, note: 'Restored revision 1', live: true });
  });
});
