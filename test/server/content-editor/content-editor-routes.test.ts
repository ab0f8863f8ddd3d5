import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageManifest } from '../../../content/image-manifest.ts';
import { DOCUMENT_NAMES, type SiteContent } from '../../../content/content-documents.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { CONSOLE_API, CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { CONTENT_ERROR, CONTENT_ROUTE, type DocumentListAnswer, type RevisionListAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { withoutScripts } from '../../../server/content-editor/content-editor.route.ts';
import type { RenderedSiteFile } from '../../../server/site-render/render-site.ts';
import { documentRevision, liveRevision, readLiveContent } from '../../../server/content-editor/content-store.ts';
import { api, get, post } from '../console-access/console-access-fixture.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/* The content editor's API (README.md, "Editing the site"): read, publish, conflicts, invalid drafts, restore, history, settings, preview. */

const NOW = Date.parse('2026-11-27T08:00:00.000Z');

const heroWith = (heading: string): SiteContent['hero'] => ({ ...repositoryContent().hero, heading });

describe(`the content editor's routes on ${testDialect}`, () => {
  let test: TestApp;
  let owner: TestPerson;
  let staff: TestPerson;
  let published: number[];

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => NOW });
    owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
    staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    published = [];
    // The hook runs once the revision is committed: what it reads (another connection, too) has it.
    test.app.contentPublished = async (revision) => {
      expect(await liveRevision(test.app.db)).toBe(revision);
      published.push(revision);
    };
    test.app.siteRenderer = null;
    await test.app.db.deleteFrom('content_revisions').execute();
    await test.app.db.updateTable('content_settings').set({ staff_may_edit: 0 }).execute();
  });

  const publishHero = (heading: string, baseRevision: number, cookie = owner.cookie) =>
    post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision, document: heroWith(heading), note: 'New heading' }, cookie);

  it('lists every document at revision 0 (the repository\'s), and who may edit', async () => {
    const asOwner = await get(test.app, api(CONTENT_ROUTE.documents), owner.cookie);
    expect(asOwner.statusCode).toBe(200);
    const list = asOwner.json() as DocumentListAnswer;
    expect(list.documents.map((document) => document.name)).toEqual(DOCUMENT_NAMES);
    expect(list.documents.every((document) => document.revision === 0 && document.publishedAt === null)).toBe(true);
    expect(list.canEdit).toBe(true);
    expect((await get(test.app, api(CONTENT_ROUTE.documents), staff.cookie)).json()).toMatchObject({ canEdit: false });
    const hero = await get(test.app, api(CONTENT_ROUTE.document, { name: 'hero' }), staff.cookie);
    // The live document says whether this person may publish it: the editor is read-only for staff until an owner allows it.
    expect(hero.json()).toEqual({ name: 'hero', revision: 0, number: 0, publishedAt: null, publishedBy: null, note: null, document: repositoryContent().hero, canEdit: false });
    expect((await get(test.app, api(CONTENT_ROUTE.document, { name: 'hero' }), owner.cookie)).json()).toMatchObject({ canEdit: true });
  });

  it('publishes a document: a new revision, live, audited, and the hook told its number', async () => {
    const response = await publishHero('Screens that stop traffic', 0);
    expect(response.statusCode, response.body).toBe(200);
    const { revision, publishedAt } = response.json() as { revision: number; publishedAt: string };
    expect(revision).toBeGreaterThan(0);
    expect(publishedAt).toBe('2026-11-27T08:00:00.000Z');
    expect(published).toEqual([revision]);
    expect(await liveRevision(test.app.db)).toBe(revision);
    expect((await readLiveContent(test.app.db)).hero.heading).toBe('Screens that stop traffic');

    const document = (await get(test.app, api(CONTENT_ROUTE.document, { name: 'hero' }), staff.cookie)).json();
    expect(document).toMatchObject({ revision, note: 'New heading', publishedBy: { id: owner.id, name: owner.email }, document: { heading: 'Screens that stop traffic' } });
    const listed = ((await get(test.app, api(CONTENT_ROUTE.documents), owner.cookie)).json() as DocumentListAnswer).documents.find((item) => item.name === 'hero');
    expect(listed).toMatchObject({ revision, publishedBy: { name: owner.email } });

    const audit = await test.app.db.selectFrom('console_audit').select(['action', 'subject', 'detail', 'person_id']).where('action', '=', 'content-publish').execute();
    expect(audit.map((row) => ({ ...row, detail: JSON.parse(row.detail) }))).toEqual([{ action: 'content-publish', subject: 'content hero', detail: { document: 'hero', revision }, person_id: owner.id }]);
  });

  it('refuses a draft from an older revision with 409 and the live summary; nothing stored', async () => {
    const first = (await publishHero('First', 0)).json().revision as number;
    const stale = await publishHero('Second, from the old base', 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: CONTENT_ERROR.conflict, data: { status: 409, current: { name: 'hero', revision: first, publishedBy: { name: owner.email } } } });
    expect(await documentRevision(test.app.db, 'hero')).toBe(first);
    expect(published).toEqual([first]);
  });

  it('refuses an invalid document with 400 and every problem: a blanked heading', async () => {
    const response = await publishHero('  ', 0);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: CONTENT_ERROR.invalidDocument, data: { problems: [{ path: 'heading', message: 'Write something here: it cannot be left empty.' }] } });
    expect(await liveRevision(test.app.db)).toBe(0);
    expect(published).toEqual([]);
  });

  it('refuses a menu link to a section that does not exist (the build\'s checks between documents)', async () => {
    const navigation = repositoryContent().navigation;
    navigation.mainMenu[1] = { label: 'Nowhere', href: '/#nowhere' };
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'navigation' }), { baseRevision: 0, document: navigation, note: '' }, owner.cookie);
    expect(response.statusCode).toBe(400);
    const { problems } = response.json().data as { problems: Array<{ path: string; message: string }> };
    expect(problems).toEqual([{ path: 'mainMenu[1].href', message: expect.stringContaining('Link to a section of the home page') }]);
  });

  it('names the other document a draft breaks: a project card removed while its page remains', async () => {
    const projects = repositoryContent().projects;
    const removed = projects.items.shift()!;
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'projects' }), { baseRevision: 0, document: projects, note: '' }, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.problems).toContainEqual({ path: '', message: expect.stringMatching(new RegExp(`^Projects: pages, projects\\.${removed.id}: `)) });
  });

  it('refuses a picture that is not in the image manifest', async () => {
    const hero = heroWith('Same');
    hero.image = { ...hero.image, key: 'no-such-picture' };
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: 0, document: hero, note: '' }, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.problems).toEqual([{ path: 'image.key', message: expect.stringContaining('no-such-picture') }]);
  });

  it('takes a picture uploaded in the console, and renders the draft with the live image manifest that has it', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 60, b: 120 } } }).jpeg().toBuffer();
    const { payload, contentType } = await multipartBody({ file: new File([new Uint8Array(jpeg)], 'Harbour Wall.jpg', { type: 'image/jpeg' }), alt: 'A wall by the harbour' });
    const uploaded = await test.app.inject({ method: 'POST', url: `${CONSOLE_API}/media`, headers: { ...consoleHeaders(test.app, owner.cookie), 'content-type': contentType }, payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const hero = heroWith('Same');
    hero.image = { key: 'harbour-wall', alt: 'A wall by the harbour' };
    const pictures: string[][] = [];
    test.app.siteRenderer = {
      async render(content, _now, images): Promise<RenderedSiteFile[]> {
        pictures.push(Object.keys(images?.images ?? {}));
        return [{ relative: 'index.html', body: `<img src="${content.hero.image.key}">` }];
      },
    };
    const preview = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: hero }, owner.cookie);
    expect(preview.statusCode, preview.body).toBe(200);
    expect((await get(test.app, preview.json().url, owner.cookie)).body).toBe('<img src="harbour-wall">');
    expect(pictures[0]).toContain('harbour-wall');
    expect(pictures[0]).toContain(Object.keys(imageManifest.images)[0]);
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { baseRevision: 0, document: hero, note: 'Our own picture' }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect((await readLiveContent(test.app.db)).hero.image.key).toBe('harbour-wall');
  });

  /** A new project made from the first one's card and page, at its own address. */
  const newProject = () => {
    const { projects, projectPages } = repositoryContent();
    const first = projects.items[0]!;
    return {
      card: { ...first, id: 'harbour-lights', name: 'Harbour Lights promenade screens' },
      page: { ...projectPages.projects[first.id]!, title: 'Harbour Lights promenade screens | Lumina' },
    };
  };
  const addProject = (project: unknown, cookie = owner.cookie) => post(test.app, api(CONTENT_ROUTE.addProject), { project, note: 'A new project' }, cookie);

  it('adds a project in one step: its card first in the grid and its page, two audited revisions made live together', async () => {
    const hero = (await publishHero('Meanwhile', 0)).json().revision as number;
    published.length = 0;
    const response = await addProject(newProject());
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { revision: number; publishedAt: string; path: string };
    expect(answer).toMatchObject({ publishedAt: '2026-11-27T08:00:00.000Z', path: '/projects/harbour-lights/' });
    // Made live once, at the later revision; the earlier edit of another document is kept.
    expect(published).toEqual([answer.revision]);
    const live = await readLiveContent(test.app.db);
    expect(live.projects.items[0]).toMatchObject({ id: 'harbour-lights', name: 'Harbour Lights promenade screens' });
    expect(live.projects.items).toHaveLength(repositoryContent().projects.items.length + 1);
    expect(live.projectPages.projects['harbour-lights']?.title).toBe('Harbour Lights promenade screens | Lumina');
    expect(live.hero.heading).toBe('Meanwhile');
    expect(await documentRevision(test.app.db, 'projects')).toBe(answer.revision);
    expect(await documentRevision(test.app.db, 'projectPages')).toBe(answer.revision - 1);
    expect(answer.revision - 1).toBeGreaterThan(hero);
    const audit = await test.app.db.selectFrom('console_audit').select(['subject']).where('action', '=', 'content-publish').orderBy('id', 'desc').limit(2).execute();
    expect(audit.map((row) => row.subject).sort()).toEqual(['content projectPages', 'content projects']);

    // The same address again: refused at the field.
    const again = await addProject(newProject());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: CONTENT_ERROR.invalidDocument, data: { problems: [{ path: 'card.id', message: expect.stringContaining('/projects/harbour-lights/') }] } });
  });

  it('refuses a new project with each problem at its field, storing nothing', async () => {
    const project = newProject();
    const blank = { ...project, card: { ...project.card, name: '', category: 'billboards' } };
    const refused = await addProject(blank);
    expect(refused.statusCode).toBe(400);
    expect((refused.json().data.problems as Array<{ path: string }>).map((problem) => problem.path).sort()).toEqual(['card.category', 'card.name']);
    // A picture the library does not have: the build's checks between documents, said at the page's field.
    const missing = { ...project, page: { ...project.page, gallery: [{ key: 'no-such-picture', alt: 'Nothing' }] } };
    const unknownPicture = await addProject(missing);
    expect(unknownPicture.statusCode).toBe(400);
    expect(unknownPicture.json().data.problems).toEqual([{ path: 'page.gallery[0].key', message: expect.stringContaining('no-such-picture') }]);
    expect(await liveRevision(test.app.db)).toBe(0);
    // Staff may not, until an owner lets them.
    expect((await addProject(project, staff.cookie)).statusCode).toBe(403);
    expect((await post(test.app, api(CONTENT_ROUTE.addProject), { note: '' }, owner.cookie)).json()).toMatchObject({ code: CONTENT_ERROR.invalidDocument, data: { problems: [{ path: '' }] } });
  });

  it('keeps the history and restores an older revision as a new one', async () => {
    const first = (await publishHero('First', 0)).json().revision as number;
    const second = (await publishHero('Second', first)).json().revision as number;
    const history = (await get(test.app, api(CONTENT_ROUTE.revisions, { name: 'hero' }), staff.cookie)).json() as RevisionListAnswer;
    expect(history.revisions.map((row) => [row.revision, row.live, row.note])).toEqual([
      [second, true, 'New heading'],
      [first, false, 'New heading'],
      [0, false, null],
    ]);
    expect((await get(test.app, api(CONTENT_ROUTE.revision, { name: 'hero', revision: first }), staff.cookie)).json()).toMatchObject({ revision: first, document: { heading: 'First' } });
    expect((await get(test.app, api(CONTENT_ROUTE.revision, { name: 'hero', revision: 0 }), staff.cookie)).json()).toMatchObject({ revision: 0, document: repositoryContent().hero });

    const stale = await post(test.app, api(CONTENT_ROUTE.restore, { name: 'hero' }), { revision: 0, baseRevision: first }, owner.cookie);
    expect(stale.statusCode).toBe(409);
    const restored = await post(test.app, api(CONTENT_ROUTE.restore, { name: 'hero' }), { revision: 0, baseRevision: second }, owner.cookie);
    expect(restored.statusCode, restored.body).toBe(200);
    const third = restored.json().revision as number;
    expect(third).toBeGreaterThan(second);
    expect((await readLiveContent(test.app.db)).hero).toEqual(repositoryContent().hero);
    expect((await get(test.app, api(CONTENT_ROUTE.document, { name: 'hero' }), owner.cookie)).json()).toMatchObject({ revision: third, note: 'Restored revision 0' });
    expect(published).toEqual([first, second, third]);
    const audit = await test.app.db.selectFrom('console_audit').select(['detail']).where('action', '=', 'content-restore').execute();
    expect(audit.map((row) => JSON.parse(row.detail))).toContainEqual({ document: 'hero', revision: third });
  });

  it('answers 404 content_unknown_document for a document or revision that does not exist', async () => {
    const first = (await publishHero('First', 0)).json().revision as number;
    for (const url of [api(CONTENT_ROUTE.document, { name: 'nope' }), api(CONTENT_ROUTE.revisions, { name: 'nope' }), api(CONTENT_ROUTE.revision, { name: 'about', revision: first }), api(CONTENT_ROUTE.revision, { name: 'hero', revision: 'x' })]) {
      const response = await get(test.app, url, owner.cookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe(CONTENT_ERROR.unknownDocument);
    }
    const restore = await post(test.app, api(CONTENT_ROUTE.restore, { name: 'about' }), { revision: first, baseRevision: 0 }, owner.cookie);
    expect(restore.statusCode).toBe(404);
  });

  it('lets staff edit only when an owner allows it', async () => {
    const refused = await publishHero('By staff', 0, staff.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(CONSOLE_REFUSAL.wrongRole);
    expect((await post(test.app, api(CONTENT_ROUTE.restore, { name: 'hero' }), { revision: 0, baseRevision: 0 }, staff.cookie)).statusCode).toBe(403);

    expect((await get(test.app, api(CONTENT_ROUTE.settings), owner.cookie)).json()).toEqual({ staffMayEdit: false });
    const allow = await post(test.app, api(CONTENT_ROUTE.settings), { staffMayEdit: true }, owner.cookie);
    expect(allow.json()).toEqual({ staffMayEdit: true });
    // Who changed the rule is in the audit log.
    const audited = await test.app.db.selectFrom('console_audit').select(['person_id', 'detail']).where('action', '=', 'content-settings').execute();
    expect(audited.map((row) => [row.person_id, JSON.parse(row.detail)])).toEqual([[owner.id, { staffMayEdit: true }]]);
    expect((await get(test.app, api(CONTENT_ROUTE.documents), staff.cookie)).json()).toMatchObject({ canEdit: true });
    const allowed = await publishHero('By staff', 0, staff.cookie);
    expect(allowed.statusCode).toBe(200);
    expect((await get(test.app, api(CONTENT_ROUTE.document, { name: 'hero' }), owner.cookie)).json()).toMatchObject({ publishedBy: { id: staff.id, name: staff.email } });
    const bad = await post(test.app, api(CONTENT_ROUTE.settings), { staffMayEdit: 'yes' }, owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'staffMayEdit' } });
  });

  it('keeps the revision when making it live fails, and says so with 503', async () => {
    test.app.contentPublished = async () => {
      throw new Error('renderer crashed');
    };
    const response = await publishHero('Stored anyway', 0);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: CONTENT_ERROR.renderFailed });
    const stored = response.json().data.revision as number;
    expect(await documentRevision(test.app.db, 'hero')).toBe(stored);
    // The next draft starts from the stored revision.
    expect((await publishHero('Again', 0)).statusCode).toBe(409);
  });

  it('lets exactly one of three racing publishes from the same base win', async () => {
    const results = await Promise.all([publishHero('Racer A', 0), publishHero('Racer B', 0), publishHero('Racer C', 0)]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((response) => response.statusCode === 200)!.json().revision as number;
    expect(await test.app.db.selectFrom('content_revisions').select('id').execute()).toEqual([{ id: winner }]);
    for (const loser of results.filter((response) => response.statusCode === 409)) expect(loser.json().data.current.revision).toBe(winner);
  });

  it('refuses a body that is not what the route takes', async () => {
    const response = await post(test.app, api(CONTENT_ROUTE.publish, { name: 'hero' }), { document: heroWith('x'), note: '' }, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'baseRevision' } });
  });

  it('previews a draft through the site renderer, framed by the console only and never stored', async () => {
    const rendered: SiteContent[] = [];
    test.app.siteRenderer = {
      async render(content): Promise<RenderedSiteFile[]> {
        rendered.push(content);
        return [
          { relative: 'index.html', body: `<h1>${content.hero.heading}</h1>` },
          { relative: 'thank-you/index.html', body: `<h1>${content.pages.thankYou.heading}</h1>` },
        ];
      },
    };
    const response = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: heroWith('Draft heading') }, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { url, paths } = response.json() as { url: string; paths: string[] };
    expect(paths).toEqual(['/']);
    expect(url).toMatch(new RegExp(`^${CONSOLE_API}/content/previews/[\\w-]{24}$`));

    const page = await get(test.app, url, owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<h1>Draft heading</h1>');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toMatch(/(^|;)frame-ancestors 'self'$/);
    // No script: the page's script would hydrate it as the route of the preview's address.
    expect(String(page.headers['content-security-policy']).split(';').filter((directive) => directive.startsWith('script-src '))).toEqual(["script-src 'none'"]);
    // The rest is the site's own policy.
    expect(page.headers['content-security-policy']).toContain("img-src 'self'");
    expect(await liveRevision(test.app.db)).toBe(0);

    // Another session (even the same person's) does not see it.
    expect((await get(test.app, url, staff.cookie)).statusCode).toBe(404);

    // A page of the document other than the first; a page it is not on.
    const pages = repositoryContent().pages;
    pages.thankYou.heading = 'Thanks, truly';
    const thanks = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'pages' }), { document: pages, path: '/thank-you/' }, owner.cookie);
    expect((await get(test.app, thanks.json().url, owner.cookie)).body).toBe('<h1>Thanks, truly</h1>');
    const elsewhere = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'pages' }), { document: pages, path: '/privacy/' }, owner.cookie);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: CONSOLE_REFUSAL.invalidBody, data: { field: 'path' } });

    const invalid = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: heroWith('') }, owner.cookie);
    expect(invalid.json()).toMatchObject({ code: CONTENT_ERROR.invalidDocument });
    expect((await post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: heroWith('x') }, staff.cookie)).statusCode).toBe(403);
  });

  it('shows a preview to a request another process of the cluster answers', async () => {
    const other = await createTestApp({}, { now: () => NOW, database: test.database });
    try {
      other.app.siteRenderer = { render: async (content) => [{ relative: 'index.html', body: content.hero.heading }] };
      const { url } = (await post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: heroWith('Seen everywhere') }, owner.cookie)).json() as { url: string };
      const page = await get(other.app, url, owner.cookie);
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe('Seen everywhere');
    } finally {
      await other.cleanup();
    }
  });

  it('answers 503 for a preview where no renderer is set up, and 404 once it expired', async () => {
    const response = await post(test.app, api(CONTENT_ROUTE.preview, { name: 'hero' }), { document: heroWith('Draft') }, owner.cookie);
    const { url } = response.json() as { url: string };
    const page = await get(test.app, url, owner.cookie);
    expect(page.statusCode).toBe(503);
    expect(page.json().code).toBe(CONTENT_ERROR.renderFailed);
    await test.app.db.updateTable('content_previews').set({ expires_at: new Date(test.app.clock() - 1).toISOString() }).execute();
    expect((await get(test.app, url, owner.cookie)).statusCode).toBe(404);
  });

  it('refuses every way a console route must', async () => {
    const people = { owner, staff };
    for (const url of [api(CONTENT_ROUTE.documents), api(CONTENT_ROUTE.document, { name: 'hero' }), api(CONTENT_ROUTE.revisions, { name: 'hero' }), api(CONTENT_ROUTE.revision, { name: 'hero', revision: 0 }), api(CONTENT_ROUTE.previewPage, { id: 'x' })]) {
      await expectConsoleRefusals(test.app, { method: 'GET', url, role: 'staff' }, people);
    }
    await expectConsoleRefusals(test.app, { method: 'POST', url: api(CONTENT_ROUTE.publish, { name: 'hero' }), role: 'staff', body: { baseRevision: 0, document: heroWith('x'), note: '' } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: api(CONTENT_ROUTE.restore, { name: 'hero' }), role: 'staff', body: { revision: 0, baseRevision: 0 } }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: api(CONTENT_ROUTE.preview, { name: 'hero' }), role: 'staff', body: { document: heroWith('x') } }, people);
    await expectConsoleRefusals(test.app, { method: 'GET', url: api(CONTENT_ROUTE.settings), role: 'owner' }, people);
    await expectConsoleRefusals(test.app, { method: 'POST', url: api(CONTENT_ROUTE.settings), role: 'owner', body: { staffMayEdit: true } }, people);
    expect(await liveRevision(test.app.db)).toBe(0);
  });
});

describe('a preview page', () => {
  it('carries none of the page JavaScript, only its inert JSON', () => {
    const page = '<head><script type="module" crossorigin src="/assets/main-abc.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/hydrate-def.js">\n<link rel="stylesheet" href="/assets/site.css"></head><body><h1>Draft</h1><script type="application/json" id="page-content">{}</script></body>';
    expect(withoutScripts(page)).toBe('<head><link rel="stylesheet" href="/assets/site.css"></head><body><h1>Draft</h1><script type="application/json" id="page-content">{}</script></body>');
  });
});
