import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NAMED_REVISIONS_KEPT, REVISIONS_KEPT } from '../../../content/content-limits.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { CONTENT_ROUTE, type RevisionListAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { liveRevision } from '../../../server/content-editor/content-store.ts';
import { api, get, post } from '../console-access/console-access-fixture.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * The revisions a document keeps (server/content-editor/revision-bound.ts; README.md, "Abuse
 * paths and the limits that stop them"): its newest REVISIONS_KEPT, and its newest
 * NAMED_REVISIONS_KEPT with a note. Older ones are deleted as new ones are published; other
 * documents' revisions are not touched.
 */

const NOW = Date.parse('2026-11-27T08:00:00.000Z');

describe(`the revisions kept on ${testDialect}`, () => {
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

  const publish = async (name: 'hero' | 'about', note: string, index: number) => {
    const base = repositoryContent()[name];
    const document = name === 'hero' ? { ...base, heading: `Heading ${index}` } : { ...base, heading: `About ${index}` };
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name }), { baseRevision: await documentLive(name), document, note }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().revision as number;
  };
  const documentLive = async (name: string) =>
    Number((await test.app.db.selectFrom('content_revisions').select((eb) => eb.fn.max('id').as('id')).where('document', '=', name).executeTakeFirst())?.id ?? 0);
  const stored = async (name: string) =>
    (await test.app.db.selectFrom('content_revisions').select(['id', 'note']).where('document', '=', name).orderBy('id').execute()).map((row) => Number(row.id));

  it(`keeps the newest ${REVISIONS_KEPT} of a document and its newest ${NAMED_REVISIONS_KEPT} with a note; the others go as new ones come`, async () => {
    const about = await publish('about', '', 0);
    const named: number[] = [];
    for (let index = 0; index < NAMED_REVISIONS_KEPT + 10; index += 1) named.push(await publish('hero', `Named ${index}`, index));
    const unnamed: number[] = [];
    for (let index = 0; index < REVISIONS_KEPT + 5; index += 1) unnamed.push(await publish('hero', '', 100 + index));

    const kept = [...named.slice(-NAMED_REVISIONS_KEPT), ...unnamed.slice(-REVISIONS_KEPT)];
    expect(await stored('hero')).toEqual(kept);
    // The live revision is the newest, and another document's revisions stay.
    expect(await liveRevision(test.app.db)).toBe(unnamed.at(-1));
    expect(await stored('about')).toEqual([about]);
    // The list shows what is kept, and a deleted revision is gone for good.
    const list = (await get(test.app, api(CONTENT_ROUTE.revisions, { name: 'hero' }), owner.cookie)).json() as RevisionListAnswer;
    expect(list.revisions.map((item) => item.revision)).toEqual([...[...kept].reverse(), 0]);
    expect((await get(test.app, api(CONTENT_ROUTE.revision, { name: 'hero', revision: unnamed[0]! }), owner.cookie)).statusCode).toBe(404);
    expect((await get(test.app, api(CONTENT_ROUTE.revision, { name: 'hero', revision: named[0]! }), owner.cookie)).statusCode).toBe(404);
  });

  it('keeps every one of a few revisions', async () => {
    const revisions: number[] = [];
    for (let index = 0; index < REVISIONS_KEPT; index += 1) revisions.push(await publish('hero', '', index));
    expect(await stored('hero')).toEqual(revisions);
  });
});
