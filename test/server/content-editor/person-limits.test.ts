import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repositoryContent } from '../../../content/repository-content.ts';
import { CONSOLE_API } from '../../../src/validation/console/console-api.ts';
import { CONTENT_ERROR, CONTENT_ROUTE } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { MEDIA_ERROR } from '../../../src/validation/media-library/media-library.protocol.ts';
import { liveRevision } from '../../../server/content-editor/content-store.ts';
import { api, post } from '../console-access/console-access-fixture.ts';
import { addPerson, consoleHeaders, type TestPerson } from '../helpers/console-people.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * Publishes, previews and uploads are limited per console person (server/console/person-limits.ts;
 * README.md, "Abuse paths and the limits that stop them"): each renders the site or encodes a
 * picture. Past the limit: 429 with the action's code, Retry-After and a message saying when,
 * and nothing is stored. Another person is not held back by the first; the next window takes
 * requests again. Restores and new projects count as publishes.
 */

const START = Date.parse('2026-11-27T08:00:00.000Z');

describe(`the limits per console person on ${testDialect}`, () => {
  let test: TestApp;
  let owner: TestPerson;
  let other: TestPerson;
  let now = START;

  beforeAll(async () => {
    test = await createTestApp({ CONTENT_PUBLISH_RATE_LIMIT: '3/10m', CONTENT_PREVIEW_RATE_LIMIT: '2/10m', MEDIA_UPLOAD_RATE_LIMIT: '2/10m' }, { now: () => now });
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    other = await addPerson(test.app, { email: 'other-owner@example.co.za', role: 'owner' });
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    now = START;
    test.app.contentPublished = async () => undefined;
    await test.app.db.deleteFrom('content_revisions').execute();
    await test.app.db.deleteFrom('rate_limits').execute();
  });

  const hero = (heading: string) => ({ ...repositoryContent().hero, heading });
  const publish = async (heading: string, person = owner) =>
    post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: await liveRevision(test.app.db), document: hero(heading), note: '' }, person.cookie);

  it('refuses the fourth publish in ten minutes with 429 content_publish_rate_limited, Retry-After and words, storing nothing', async () => {
    for (const heading of ['One', 'Two', 'Three']) expect((await publish(heading)).statusCode).toBe(200);
    const stored = await liveRevision(test.app.db);
    now = START + 4 * 60_000;
    const refused = await publish('Four');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('360');
    expect(refused.json()).toEqual({
      code: CONTENT_ERROR.publishRateLimited,
      message: 'Too many publishes: one person may publish 3 times in 10 minutes (restoring a revision and adding a project count too). Please try again in 6 minutes.',
      data: { status: 429, retry_after: 360, limit: 3, window_seconds: 600 },
    });
    expect(await liveRevision(test.app.db)).toBe(stored);
    // Restores count as publishes.
    const restore = await post(test.app, api(CONTENT_ROUTE.restore, { name: 'hero' }), { revision: 0, baseRevision: stored }, owner.cookie);
    expect(restore.statusCode).toBe(429);
    // Another person is not held back; the next window takes the first again.
    expect((await publish('Theirs', other)).statusCode).toBe(200);
    now = START + 10 * 60_000;
    expect((await publish('Five')).statusCode).toBe(200);
  });

  it('counts a new project as a publish', async () => {
    for (const heading of ['One', 'Two', 'Three']) expect((await publish(heading)).statusCode).toBe(200);
    const live = repositoryContent();
    const project = { card: { ...live.projects.items[0]!, id: 'harbour-lights' }, page: Object.values(live.projectPages.projects)[0]! };
    const refused = await post(test.app, api(CONTENT_ROUTE.addProject), { project, note: '' }, owner.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(CONTENT_ERROR.publishRateLimited);
  });

  it('refuses the third preview in ten minutes with 429 content_preview_rate_limited, making no preview', async () => {
    await test.app.db.deleteFrom('content_previews').execute();
    const preview = () => post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: hero('Previewed') }, owner.cookie);
    expect((await preview()).statusCode).toBe(200);
    expect((await preview()).statusCode).toBe(200);
    const refused = await preview();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json()).toMatchObject({ code: CONTENT_ERROR.previewRateLimited, message: 'Too many previews: one person may preview 2 times in 10 minutes. Please try again in 10 minutes.' });
    expect(await test.app.db.selectFrom('content_previews').select('id').execute()).toHaveLength(2);
  });

  it('refuses the third upload in ten minutes with 429 media_upload_rate_limited before its body is read', async () => {
    // Two uploads refused for their content still count: the limit is on asking.
    const upload = async () => {
      const { payload, contentType } = await multipartBody({ file: new File([new Uint8Array([1, 2, 3])], 'not-a-picture.jpg', { type: 'image/jpeg' }), alt: 'Nothing' });
      return test.app.inject({ method: 'POST', url: `${CONSOLE_API}/media`, headers: { ...consoleHeaders(test.app, owner.cookie), 'content-type': contentType }, payload });
    };
    expect((await upload()).statusCode).toBe(415);
    expect((await upload()).statusCode).toBe(415);
    now = START + 9 * 60_000 + 30_000;
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toMatchObject({ code: MEDIA_ERROR.uploadRateLimited, message: 'Too many uploads: one person may upload 2 pictures in 10 minutes. Please try again in 30 seconds.' });
  });
});
