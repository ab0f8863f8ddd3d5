import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../../content/content-documents.ts';
import { DOCUMENT_MAX_BYTES, LONG_TEXT_MAX, TEXT_MAX } from '../../../content/content-limits.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { CONTENT_ERROR, CONTENT_ROUTE } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { liveRevision } from '../../../server/content-editor/content-store.ts';
import { api, post } from '../console-access/console-access-fixture.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * The maxima of a document (README.md, "Abuse paths and the limits that stop them"): a text over
 * its maximum, or a document over DOCUMENT_MAX_BYTES, is refused with 400 content_too_long naming
 * the field, before it is checked, stored or rendered.
 */

const NOW = Date.parse('2026-11-27T08:00:00.000Z');

describe(`the content editor's maxima on ${testDialect}`, () => {
  let test: TestApp;
  let owner: TestPerson;
  let rendered: number;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => NOW });
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    rendered = 0;
    test.app.contentPublished = async () => {
      rendered += 1;
    };
    test.app.siteRenderer = { render: async () => { rendered += 1; return []; } };
    await test.app.db.deleteFrom('content_revisions').execute();
  });

  const hero = (change: Partial<SiteContent['hero']>): SiteContent['hero'] => ({ ...repositoryContent().hero, ...change });
  const publishHero = (document: unknown) => post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: 0, document, note: '' }, owner.cookie);

  it('takes a heading of exactly its maximum and a lead of exactly its own', async () => {
    const response = await publishHero(hero({ heading: 'h'.repeat(TEXT_MAX), lead: 'l'.repeat(LONG_TEXT_MAX) }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a 900 KB lead with 400 content_too_long naming the field; nothing stored or rendered', async () => {
    const response = await publishHero(hero({ lead: 'x'.repeat(900_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: CONTENT_ERROR.tooLong,
      message: expect.stringContaining('lead'),
      data: { field: 'lead', problems: expect.arrayContaining([{ path: 'lead', message: 'Up to 4000 characters: this has 900000.' }]) },
    });
    expect(await liveRevision(test.app.db)).toBe(0);
    expect(rendered).toBe(0);
  });

  it('refuses a heading one character over its maximum, counting an emoji as one character', async () => {
    const atMost = await publishHero(hero({ heading: '🙂'.repeat(TEXT_MAX) }));
    expect(atMost.statusCode, atMost.body).toBe(200);
    await test.app.db.deleteFrom('content_revisions').execute();
    const over = await publishHero(hero({ heading: 'h'.repeat(TEXT_MAX + 1) }));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: CONTENT_ERROR.tooLong, data: { field: 'heading' } });
  });

  it('refuses a text in a list item by its path', async () => {
    const document = hero({});
    const slides = structuredClone(document.slides);
    (slides[0] as { heading: string }).heading = 'h'.repeat(TEXT_MAX + 5);
    const response = await publishHero({ ...document, slides });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.field).toBe('slides[0].heading');
  });

  it('refuses a document over its maximum made of texts each within theirs', async () => {
    const faq = repositoryContent().faq;
    const item = faq.items[0]!;
    const items = Array.from({ length: Math.ceil(DOCUMENT_MAX_BYTES / 3000) + 1 }, () => ({ ...item, answer: 'a'.repeat(3000) }));
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'faq' }), { baseRevision: 0, document: { ...faq, items }, note: '' }, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: CONTENT_ERROR.tooLong, data: { field: '', problems: [{ path: '', message: expect.stringMatching(/^A document may be up to 128 KB as JSON: this one is \d+ KB\.$/) }] } });
    expect(await liveRevision(test.app.db)).toBe(0);
  });

  it('refuses a preview over its maximum before rendering it', async () => {
    const response = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: hero({ lead: 'x'.repeat(900_000) }) }, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: CONTENT_ERROR.tooLong, data: { field: 'lead' } });
    expect(await test.app.db.selectFrom('content_previews').select('id').execute()).toEqual([]);
  });

  it('refuses a new project with a text over its maximum at its field', async () => {
    const live = repositoryContent();
    const card = { ...live.projects.items[0]!, id: 'a-new-project', title: 't'.repeat(TEXT_MAX + 1) };
    const page = Object.values(live.projectPages.projects)[0]!;
    const response = await post(test.app, api(CONTENT_ROUTE.addProject), { project: { card, page }, note: '' }, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: CONTENT_ERROR.tooLong, data: { field: 'card.title' } });
  });

  it('refuses a document nested deeper than any struct, unread', async () => {
    let deep: unknown = 'end';
    for (let level = 0; level < 200; level += 1) deep = [deep];
    const response = await publishHero(hero({ slides: deep as SiteContent['hero']['slides'] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: CONTENT_ERROR.tooLong, data: { field: '' } });
  });
});
