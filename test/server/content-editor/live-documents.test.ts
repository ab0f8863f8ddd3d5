import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryContent } from '../../../content/repository-content.ts';
import type { RenderedSiteFile, SiteRenderer } from '../../../server/site-render/render-site.ts';
import { CONTENT_ROUTE } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { api, get, post } from '../console-access/console-access-fixture.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { answerOf, postFeedback } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * What the server says besides the pages follows the published content (README.md, "Live in
 * seconds"): a contact form published in the console answers with its new words, and an old
 * address added in the console redirects, without a restart.
 */

/** Pages enough for a generation: what the server answers is the subject here, not the HTML. */
const pagesRenderer: SiteRenderer = {
  async render(content): Promise<RenderedSiteFile[]> {
    return [
      { relative: 'index.html', body: `<!doctype html><title>${content.company.name}</title><h1>${content.hero.heading}</h1>` },
      { relative: '404.html', body: '<!doctype html><title>Not found</title><h1>Not found</h1>', status: 404 },
    ];
  },
};

describe(`the server's words follow the published content on ${testDialect}`, () => {
  let test: TestApp;
  let owner: TestPerson;
  beforeAll(async () => {
    test = await createTestApp({ SITE_URL: 'http://www.example.co.za', CONTENT_POLL_INTERVAL: 'off' }, { siteGenerations: { renderer: pagesRenderer } });
    await test.app.ready();
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  });
  afterAll(() => test.cleanup());

  it("answers a contact form with the words published for it: the form's id and messages as the console left them", async () => {
    const form = repositoryContent().contactForm;
    const before = answerOf(await postFeedback(test.app, form.id, {}));
    expect(before).toMatchObject({ status: 'validation_failed', message: form.messages.validation_error });

    const changed = { ...form, messages: { ...form.messages, validation_error: 'Some fields need your attention: each says what it needs.' } };
    const published = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'contactForm' }), { baseRevision: 0, document: changed, note: 'Friendlier words' }, owner.cookie);
    expect(published.statusCode, published.body).toBe(200);
    const after = answerOf(await postFeedback(test.app, form.id, {}));
    expect(after).toMatchObject({ status: 'validation_failed', message: 'Some fields need your attention: each says what it needs.' });
    // The console's inbox names the form as published too.
    expect(test.app.messageCatalogue.find(String(form.id))?.title).toBe(changed.title);
  });

  it('redirects an old address added in the console', async () => {
    expect((await get(test.app, '/our-team/', owner.cookie)).statusCode).toBe(404);
    const oldAddresses = [...repositoryContent().oldAddresses, { from: '/our-team/', to: '/#about' }];
    const live = (await get(test.app, api(CONTENT_ROUTE.document, { name: 'oldAddresses' }), owner.cookie)).json() as { revision: number };
    const published = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'oldAddresses' }), { baseRevision: live.revision, document: oldAddresses, note: '' }, owner.cookie);
    expect(published.statusCode, published.body).toBe(200);
    const moved = await test.app.inject({ url: '/our-team/' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('http://www.example.co.za/#about');
  });
});
