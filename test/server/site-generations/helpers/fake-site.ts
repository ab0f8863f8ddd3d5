import { randomUUID } from 'node:crypto';
import type { SiteContent } from '../../../../content/content-documents.ts';
import { repositoryContent } from '../../../../content/repository-content.ts';
import type { LiveContentSource, RenderedSiteFile, SiteRenderer } from '../../../../server/site-generations/site-renderer.ts';

/*
 * Stand-ins for the renderer and the content store of the live site (README.md "Live in seconds"):
 * a "content" of one revision says which projects and categories there are, and the renderer
 * writes pages whose every byte says the revision, so a test can tell which generation answered.
 */

export interface FakeContent {
  revision: number;
  projects: readonly string[];
  categories: readonly string[];
}

/**
 * A fake revision as real content: the revision in the hero's eyebrow, the projects and
 * categories as the grid's (copies of the repository's first, renamed), so the stand-ins pass
 * through the same typed interfaces as the real store and renderer.
 */
export function siteContentOf(fake: FakeContent): SiteContent {
  const content = repositoryContent();
  const [item, category] = [content.projects.items[0], content.projects.categories[0]];
  if (item === undefined || category === undefined) throw new Error('the repository has no project to copy');
  content.hero.eyebrow = `revision ${fake.revision}`;
  content.projects.items = fake.projects.map((id) => ({ ...item, id }));
  content.projects.categories = fake.categories.map((id) => ({ ...category, id }));
  return content;
}

export function fakeOf(content: SiteContent): FakeContent {
  return {
    revision: Number(/^revision (\d+)$/.exec(content.hero.eyebrow)?.[1] ?? Number.NaN),
    projects: content.projects.items.map((item) => item.id),
    categories: content.projects.categories.map((category) => category.id),
  };
}

/** Every page of a revision carries this much filler, so an answer spans many socket writes. */
const FILLER = `<p>${'Visual displays for control rooms and stadiums. '.repeat(20)}</p>`.repeat(30);

export function homePage(revision: number, category?: string): string {
  return `<!doctype html><html lang="en"><title>Home</title><main><h1>Revision ${revision}</h1>${category === undefined ? '' : `<p>Only ${category}</p>`}${FILLER}<p>end of revision ${revision}</p></main></html>\n`;
}

export function projectPage(revision: number, id: string): string {
  return `<!doctype html><html lang="en"><title>${id}</title><main><h1>${id} at revision ${revision}</h1></main></html>\n`;
}

export function notFoundPage(revision: number): string {
  return `<!doctype html><html lang="en"><title>Not found</title><main><h1>Page not found (revision ${revision})</h1></main></html>\n`;
}

export function renderFake(content: FakeContent): RenderedSiteFile[] {
  const { revision } = content;
  return [
    { relative: 'index.html', body: homePage(revision) },
    ...content.categories.map((category) => ({ relative: `index@category=${category}.html`, body: homePage(revision, category) })),
    ...content.projects.map((id) => ({ relative: `projects/${id}/index.html`, body: projectPage(revision, id) })),
    { relative: 'thank-you/index.html', body: `<!doctype html><title>Thank you</title><h1>Thank you (revision ${revision})</h1>\n` },
    { relative: '404.html', body: notFoundPage(revision), status: 404 },
    { relative: 'sitemap.xml', body: `<?xml version="1.0"?><urlset>${content.projects.map((id) => `<url><loc>/projects/${id}/</loc></url>`).join('')}</urlset>\n` },
    { relative: '.well-known/security.txt', body: `Contact: mailto:security@example.co.za\nExpires: 2030-01-01T00:00:00Z\n# revision ${revision}\n` },
    // Each project page's one link, as the renderer lists them for the click beacons.
    {
      relative: 'page-links.json',
      body: `${JSON.stringify({ origin: 'https://build.invalid', pages: content.projects.map((id) => ({ path: `/projects/${id}/`, postId: 0, links: [{ target: 'https://build.invalid/#projects', anchor: 'Back to all projects' }] })) })}\n`,
    },
  ];
}

export interface FakeRenderer extends SiteRenderer {
  renders: number[];
  /** Set to make the next renders fail. */
  failure: Error | undefined;
}

export function fakeRenderer(): FakeRenderer {
  const renderer: FakeRenderer = {
    renders: [],
    failure: undefined,
    async render(content) {
      const fake = fakeOf(content);
      renderer.renders.push(fake.revision);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (renderer.failure !== undefined) throw renderer.failure;
      return renderFake(fake);
    },
  };
  return renderer;
}

/**
 * The store's revisions in memory; `liveRevision` may come from elsewhere (a shared database).
 * Each revision has its own random id, as the content store's rows do (migration 0027): another
 * FakeStore is another database.
 */
export class FakeStore implements LiveContentSource {
  readonly contents: FakeContent[] = [];
  private readonly uids: string[] = [];
  private readonly revisionOf: (() => Promise<number>) | undefined;

  constructor(revisionOf?: () => Promise<number>) {
    this.revisionOf = revisionOf;
  }

  add(projects: readonly string[], categories: readonly string[] = ['control-room']): number {
    const revision = this.contents.length + 1;
    this.contents.push({ revision, projects, categories });
    this.uids.push(randomUUID());
    return revision;
  }

  /** The same revision number with another id, as a restore of an older backup gives it (migration 0027). */
  reissueUid(revision: number): void {
    if (this.uids[revision - 1] === undefined) throw new Error(`no revision ${revision}`);
    this.uids[revision - 1] = randomUUID();
  }

  async revisionUid(revision: number): Promise<string> {
    const uid = this.uids[revision - 1];
    if (uid === undefined) throw new Error(`no revision ${revision}`);
    return uid;
  }

  async liveRevision(): Promise<number> {
    return this.revisionOf === undefined ? this.contents.length : this.revisionOf();
  }

  async readLiveContent(): Promise<SiteContent> {
    const revision = await this.liveRevision();
    const content = this.contents[revision - 1];
    if (content === undefined) throw new Error(`no content for revision ${revision}`);
    return siteContentOf(content);
  }
}
