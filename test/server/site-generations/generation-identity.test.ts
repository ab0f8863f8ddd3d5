import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../../content/content-documents.ts';
import { imageManifest } from '../../../content/image-manifest.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { publish } from '../../../server/content-editor/content-store.ts';
import { createDatabase } from '../../../server/db/create-database.ts';
import { writeBackup } from '../../../server/operations/backup-archive.ts';
import { restoreArchive } from '../../../server/operations/restore-archive.ts';
import type { SiteRenderer } from '../../../server/site-generations/site-renderer.ts';
import { createStaticFixture } from '../helpers/static-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/test-db.ts';
import { fakeRenderer, FakeStore, type FakeRenderer } from './helpers/fake-site.ts';

/*
 * A generation belongs to one build and one database (README.md "Live in seconds"): a data
 * folder kept across a new build, a restore of an older backup or another DATABASE_URL never
 * serves pages rendered for the other one; they are rendered again.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(made, { recursive: true, force: true }));
  return made;
}

/** The fixture's build (its script `assets/index-4f2a9c1b.js`). */
const BUILD_A_SCRIPT = 'index-4f2a9c1b.js';
/** A later build: one word changed in a view, so a new script name, and the old script gone. */
const BUILD_B_SCRIPT = 'index-b2c3d4e5.js';

async function buildB(): Promise<string> {
  const site = await createStaticFixture();
  cleanups.push(() => site.cleanup());
  await rm(path.join(site.root, 'assets', BUILD_A_SCRIPT));
  await writeFile(path.join(site.root, 'assets', BUILD_B_SCRIPT), 'console.log("build b");\n');
  await writeFile(path.join(site.root, 'index.html'), `<!doctype html><html lang="en"><title>Home</title><main><h1>Visual displays</h1></main><script type="module" src="/assets/${BUILD_B_SCRIPT}"></script></html>\n`);
  return site.root;
}

/** The fake renderer of a build: every home page names the build's own script. */
function rendererOf(script: string): FakeRenderer {
  const renderer = fakeRenderer();
  const render = renderer.render.bind(renderer);
  renderer.render = async (...args) =>
    (await render(...args)).map((file) => (file.relative === 'index.html' ? { ...file, body: `${String(file.body)}<script type="module" src="/assets/${script}"></script>\n` } : file));
  return renderer;
}

async function start(env: Record<string, string>, options: Parameters<typeof createTestApp>[1]): Promise<TestApp> {
  const app = await createTestApp({ CONTENT_POLL_INTERVAL: 'off', ...env }, options);
  cleanups.push(() => app.cleanup());
  await app.app.ready();
  return app;
}

/** The script the served home page names, and what that address answers. */
async function homeScript(app: TestApp): Promise<{ script: string | undefined; status: number }> {
  const home = (await app.app.inject('/')).body;
  const script = /src="\/assets\/([^"]+)"/.exec(home)?.[1];
  return { script, status: script === undefined ? 0 : (await app.app.inject(`/assets/${script}`)).statusCode };
}

describe(`a generation's build and database on ${testDialect}`, () => {
  it('renders the published pages again after a new build on the same data folder: the new words, with a script that exists', async () => {
    const generations = await folder('site-test-generations-');
    const store = new FakeStore();
    const first = await start({ SITE_GENERATIONS_DIR: generations }, { siteGenerations: { renderer: rendererOf(BUILD_A_SCRIPT), content: store } });
    // The owner publishes a changed heading, then restores it: two revisions.
    await first.app.contentPublished(store.add(['changed-heading']));
    await first.app.contentPublished(store.add(['restored-heading']));
    expect(await homeScript(first)).toEqual({ script: BUILD_A_SCRIPT, status: 200 });
    await first.app.close();

    // `npm run build` with one word changed, and a start on the same data folder and database.
    const renderer = rendererOf(BUILD_B_SCRIPT);
    const second = await start({ SITE_GENERATIONS_DIR: generations, STATIC_ROOT: await buildB() }, { siteGenerations: { renderer, content: store } });
    expect(renderer.renders).toEqual([2]);
    expect(await homeScript(second)).toEqual({ script: BUILD_B_SCRIPT, status: 200 });
    expect((await second.app.inject('/projects/restored-heading/')).statusCode).toBe(200);
  });

  it('renders again on another database beside the same data folder, whose revision numbers mean other content', async () => {
    const generations = await folder('site-test-generations-');
    const oldStore = new FakeStore();
    const first = await start({ SITE_GENERATIONS_DIR: generations }, { siteGenerations: { renderer: fakeRenderer(), content: oldStore } });
    await first.app.contentPublished(oldStore.add(['from-the-old-database']));
    await first.app.close();

    const newStore = new FakeStore();
    newStore.add(['from-the-new-database']);
    const renderer = fakeRenderer();
    const second = await start({ SITE_GENERATIONS_DIR: generations }, { siteGenerations: { renderer, content: newStore } });
    expect(renderer.renders).toEqual([1]);
    expect((await second.app.inject('/projects/from-the-new-database/')).statusCode).toBe(200);
    expect((await second.app.inject('/projects/from-the-old-database/')).statusCode).toBe(404);
  });

  it('after `npm run restore` of an older backup, a publish that reuses a revision number serves its own pages', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.cleanup());
    const data = await folder('site-test-restore-');
    const settings = {
      databaseUrl: database.url,
      uploadDir: path.join(data, 'uploads'),
      mediaDir: path.join(data, 'media'),
      addressHashKeyFile: path.join(data, 'address-hash.key'),
      backupDir: path.join(data, 'backups'),
    };
    const env = { SITE_GENERATIONS_DIR: path.join(data, 'site'), UPLOAD_DIR: settings.uploadDir, MEDIA_DIR: settings.mediaDir };
    // The content store's own revisions (the app's default source), rendered by a stand-in of the build's renderer.
    const renderer: SiteRenderer = {
      async render(content: SiteContent) {
        return [
          { relative: 'index.html', body: `<!doctype html><title>Home</title><h1>${content.hero.heading}</h1>\n` },
          { relative: '404.html', body: '<!doctype html><title>Not found</title>\n', status: 404 },
        ];
      },
    };
    const heading = (app: TestApp) => app.app.inject('/').then((answer) => /<h1>([^<]*)<\/h1>/.exec(answer.body)?.[1]);
    let now = Date.parse('2026-11-20T10:00:00Z');
    const publishHeading = async (app: TestApp, text: string, baseRevision: number) => {
      now += 60_000;
      const outcome = await publish(
        app.app.db,
        { name: 'hero', document: { ...repositoryContent().hero, heading: text }, note: text, baseRevision, author: { id: null, name: 'test' }, now },
        { imageKeys: new Set(Object.keys(imageManifest.images)) },
      );
      if (outcome.status !== 'published') throw new Error(`not published: ${JSON.stringify(outcome)}`);
      await app.app.contentPublished(outcome.revision);
      return outcome.revision;
    };

    const first = await start(env, { database, siteGenerations: { renderer } });
    const kept = await publishHeading(first, 'Kept by the backup', 0);
    const { file: archive } = await writeBackup(settings);
    const lost = await publishHeading(first, 'Lost with the restore', kept);
    expect(await heading(first)).toBe('Lost with the restore');
    await first.app.close();
    await database.db.destroy();

    await restoreArchive(settings, archive, { force: true });
    const restored: TestDatabase = { ...database, db: createDatabase(database.url) };
    cleanups.push(() => restored.db.destroy());
    const second = await start(env, { database: restored, siteGenerations: { renderer } });
    expect(await heading(second)).toBe('Kept by the backup');
    // The next publish is given the number the lost revision had.
    expect(await publishHeading(second, 'Published after the restore', kept)).toBe(lost);
    expect(await heading(second)).toBe('Published after the restore');
  });
});
