// The content is validated at build: the real content must pass, and a broken file must stop
// the build with a message that names the file and the field.
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFiles } from '../../content/content-files.ts';
import { clients, company, gallery, navigation, pages, projectPages, projects, seo, services, site, siteContent } from '../support/site-content.ts';
import { imageManifest, variantFileName } from '../../content/image-manifest.ts';
import {
  ContentValidationError,
  crossCheckContent,
  formatProblems,
  listSourceImageKeys,
  loadValidatedContent,
  validateContentValue,
} from '../../content/validate-content.ts';
import { buildSite } from '../../scripts/build.ts';
import { sitemapXml } from '../../src/entry-server.tsx';
import { widthsFor } from '../../scripts/optimise-images.ts';

const root = process.cwd();
const content = siteContent;

describe('the real content', () => {
  it('passes every struct and every cross-check', async () => {
    const loaded = await loadValidatedContent(root);
    expect(loaded.company.name).toBe(company.name);
    expect(Object.keys(loaded)).toEqual(Object.keys(contentFiles));
  });

  it('has the company details the site promises', () => {
    expect(company.offices.filter((office) => office.kind === 'head-office')).toHaveLength(1);
    expect(company.phone).toMatch(/^\+27/);
    expect(Object.keys(company.social).sort()).toEqual(['facebook', 'instagram', 'linkedin']);
    expect(site.header.variant).toMatch(/^(sticky|auto-show)$/);
  });

  it('contains no placeholder copy', () => {
    const text = JSON.stringify(content).toLowerCase();
    for (const placeholder of ['lorem', 'ipsum', 'todo', 'tbd', 'xxx', 'example.com']) expect(text).not.toContain(placeholder);
  });

  it('has an optimised picture for every source image, in every width', async () => {
    const sources = await listSourceImageKeys(join(root, 'content/images'));
    expect(Object.keys(imageManifest.images).sort()).toEqual([...sources].sort());
    for (const [key, entry] of Object.entries(imageManifest.images)) {
      expect(entry.widths, key).toEqual(widthsFor(entry.width));
      expect(Math.max(...entry.widths), key).toBeLessThanOrEqual(entry.width);
      expect(variantFileName(key, entry.hash, entry.widths[0]!, 'avif')).toMatch(new RegExp(`^${key}-\\d+w\\.[0-9a-f]{10}\\.avif$`));
    }
  });

  it('is what robots.txt and sitemap.xml announce', async () => {
    const robots = await readFile(join(root, 'public/robots.txt'), 'utf8');
    const sitemap = sitemapXml(siteContent);
    expect(robots).toContain(`Sitemap: ${seo.baseUrl}/sitemap.xml`);
    expect(robots).toMatch(/User-agent: \*\nAllow: \//);
    expect(sitemap).toContain(`<loc>${seo.baseUrl}${seo.pages.home.path}</loc>`);
    for (const project of projects.items) expect(sitemap).toContain(`<loc>${seo.baseUrl}/projects/${project.id}/</loc>`);
    // Pages that ask not to be indexed are not in the sitemap.
    expect(sitemap).not.toContain(seo.pages.thankYou.path);
    expect(sitemap).not.toContain('404');
    // The home page, the privacy notice, the accessibility statement and every project.
    expect(sitemap).toContain(`<loc>${seo.baseUrl}/privacy/</loc>`);
    expect(sitemap).toContain(`<loc>${seo.baseUrl}/accessibility/</loc>`);
    expect(sitemap.match(/<loc>/g)).toHaveLength(3 + projects.items.length);
  });
});

describe('a broken content value', () => {
  it('names the file and the field path', () => {
    const items: unknown[] = services.items.map((item, index) => {
      if (index !== 2) return item;
      const { title: _title, ...withoutTitle } = item;
      return withoutTitle;
    });
    const broken = { ...services, items };
    const problems = validateContentValue('services', broken);
    expect(formatProblems(problems)).toBe('content/documents/services.json: items[2].title: Expected a string, but received: undefined');
  });

  it('lists every problem, not only the first', () => {
    const broken = structuredClone(company) as unknown as Record<string, unknown>;
    broken.phone = '011 568 4100';
    (broken.social as Record<string, unknown>).instagram = 'http://instagram.com/x';
    const messages = validateContentValue('company', broken).map((problem) => `${problem.path}: ${problem.message}`);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^phone: /);
    expect(messages[1]).toBe('social.instagram: Expected an https URL, but received: "http://instagram.com/x"');
  });

  it('rejects blank copy and unknown fields', () => {
    const broken = structuredClone(pages) as unknown as { thankYou: Record<string, unknown> };
    broken.thankYou.heading = '   ';
    broken.thankYou.subheading = 'typo of a field name';
    const lines = formatProblems(validateContentValue('pages', broken)).split('\n');
    expect(lines).toContain('content/documents/pages.json: thankYou.heading: Expected a non-empty string, but received an empty one');
    expect(lines.some((line) => line.startsWith('content/documents/pages.json: thankYou.subheading: '))).toBe(true);
  });
});

describe("content/README.md's example", () => {
  it('is what the validator prints for the break it describes', async () => {
    const readme = await readFile(join(root, 'content/README.md'), 'utf8');
    const example = /```\nThe content is invalid:\n([\s\S]*?)\n```/.exec(readme)?.[1];
    const broken = { ...clients, carousel: { ...clients.carousel, pause: '', goTo: 'Go to logo' } };
    expect(example).toBe(formatProblems(validateContentValue('clients', broken)));
  });
});

describe('the checks between files', () => {
  const imageKeys = new Set(Object.keys(imageManifest.images));

  it('wants a page for every project of the grid, and no page for a project it does not have', () => {
    const { 'stadium-perimeter': stadium, ...rest } = projectPages.projects;
    const problems = crossCheckContent({ ...content, projectPages: { ...projectPages, projects: { ...rest, 'stadium-perimetre': stadium! } } }, imageKeys);
    expect(formatProblems(problems).split('\n')).toEqual([
      'content/documents/project-pages.json: projects: Add a page for the project “stadium-perimeter” (content/documents/projects.json: items[4]): every project in the grid has one.',
      expect.stringMatching(/^content\/documents\/project-pages\.json: projects\.stadium-perimetre: Use the id of a project in the grid, content\/documents\/projects\.json \(.*\): “stadium-perimetre” is not one\.$/),
    ]);
  });

  it('refuses a menu link to an anchor no section has', () => {
    const mainMenu = navigation.mainMenu.map((item, index) => (index === 3 ? { ...item, href: '/#prjects' } : item));
    const problems = crossCheckContent({ ...content, navigation: { ...navigation, mainMenu } }, imageKeys);
    expect(problems).toHaveLength(1);
    expect(formatProblems(problems)).toMatch(/^content\/documents\/navigation\.json: mainMenu\[3\]\.href: Link to a section of the home page .*“\/#prjects” is not one\.$/);
  });

  it('refuses a picture that is not in content/images', () => {
    const broken = { ...gallery, items: gallery.items.map((item, index) => (index === 1 ? { ...item, image: { ...item.image, key: 'missing-picture' } } : item)) };
    const problems = crossCheckContent({ ...content, gallery: broken }, imageKeys);
    expect(formatProblems(problems)).toBe(
      'content/documents/gallery.json: items[1].image.key: Choose a picture the site has: there is no picture “missing-picture” (content/images/missing-picture.jpg or .png).',
    );
  });

  it('refuses a project in a category that does not exist and duplicate ids', () => {
    const items = projects.items.map((item, index) => (index === 0 ? { ...item, category: 'billboards' } : index === 1 ? { ...item, id: projects.items[2]!.id } : item));
    const problems = crossCheckContent({ ...content, projects: { ...projects, items } }, imageKeys);
    const paths = problems.map((problem) => `${problem.file}: ${problem.path}`);
    // The project whose id was taken is left with a page and no card.
    expect(paths).toEqual([
      'content/documents/projects.json: items[1].id',
      'content/documents/projects.json: items[2].id',
      'content/documents/projects.json: items[0].category',
      `content/documents/project-pages.json: projects.${projects.items[1]!.id}`,
    ]);
  });
});

describe('a broken content file on disk', () => {
  let tempRoot: string;

  beforeAll(async () => {
    // Inside the project (.tmp is git-ignored) so that the copy resolves its packages.
    await mkdir(join(root, '.tmp'), { recursive: true });
    tempRoot = await mkdtemp(join(root, '.tmp', 'content-test-'));
    await cp(join(root, 'content'), join(tempRoot, 'content'), { recursive: true });
    const servicesFile = join(tempRoot, 'content/documents/services.json');
    const source = await readFile(servicesFile, 'utf8');
    const broken = source.replace('      "title": "Indoor and outdoor displays",\n', '');
    expect(broken).not.toBe(source);
    await writeFile(servicesFile, broken);
  });

  afterAll(async () => {
    await rm(tempRoot, { recursive: true, force: true });
  });

  it('fails the build before anything is built, naming the file and the field', async () => {
    const failure = await buildSite(tempRoot).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ContentValidationError);
    expect((failure as Error).message).toBe('content/documents/services.json: items[2].title: Expected a string, but received: undefined');
    expect(await readdir(tempRoot)).toEqual(['content']);
  });

  it('names a document that is not JSON', async () => {
    await writeFile(join(tempRoot, 'content/documents/faq.json'), '{ "eyebrow": "Questions", }\n');
    const failure = await loadValidatedContent(tempRoot).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ContentValidationError);
    const lines = (failure as Error).message.split('\n');
    expect(lines.filter((line) => line.startsWith('content/documents/faq.json: '))).toEqual([expect.stringMatching(/^content\/documents\/faq\.json: Cannot be read as JSON: /)]);
  });
});
