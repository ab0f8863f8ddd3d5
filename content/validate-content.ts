// Validation of the content at build time. Each file is checked against its struct, then the
// files are checked against each other (menu anchors exist, pictures exist, ids are unique…).
// Every problem names the file and the field path, so a broken build says exactly what to fix:
//   content/home.ts: services.items[2].title: Expected a string, but received: undefined
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { validate } from 'superstruct';
import type { DocumentName, SiteContent as DocumentContent } from './content-documents.ts';
import { contentFiles, sitePaths, type ContentFile, type ContentName } from './content-files.ts';
import { checkForm } from './forms/check-form.ts';
import { homeSectionIds } from './section-ids.ts';
import type { Company } from './structs/company.struct.ts';
import type { FormDefinition } from './structs/form.struct.ts';
import type { Home } from './structs/home.struct.ts';
import type { ImageManifest } from './structs/image-manifest.struct.ts';
import type { Navigation } from './structs/navigation.struct.ts';
import type { NewsletterForm } from './structs/newsletter-form.struct.ts';
import { parseOldAddress, type OldAddresses } from './structs/old-addresses.struct.ts';
import type { SecurityContact } from './structs/security-contact.struct.ts';
import type { ProjectPages } from './structs/project-pages.struct.ts';
import type { Pages } from './structs/pages.struct.ts';
import type { Seo } from './structs/seo.struct.ts';
import type { SidebarContact } from './structs/sidebar-contact.struct.ts';
import type { Site } from './structs/site.struct.ts';

export type FieldPath = ReadonlyArray<string | number>;

export interface ContentProblem {
  file: string;
  path: string;
  message: string;
}

export interface SiteContent {
  company: Company;
  site: Site;
  navigation: Navigation;
  home: Home;
  pages: Pages;
  projectPages: ProjectPages;
  seo: Seo;
  contactForm: FormDefinition;
  newsletterForms: readonly NewsletterForm[];
  sidebarContact: SidebarContact;
  securityContact: SecurityContact;
  oldAddresses: OldAddresses;
  imageManifest: ImageManifest;
}

export class ContentValidationError extends Error {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super(formatProblems(problems));
    this.name = 'ContentValidationError';
    this.problems = problems;
  }
}

/** ["services", "items", 2, "title"] → "services.items[2].title" */
export function formatFieldPath(path: FieldPath): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text === '' ? key : `${text}.${key}`;
  }, '');
}

/**
 * content/home.ts only assembles the sections of content/home/; a problem in "services.items[2]"
 * is in content/home/services.ts, so that is the file the message names.
 */
function sectionFile(problem: ContentProblem): string {
  if (problem.file !== contentFiles.home.file) return problem.file;
  const section = /^[a-zA-Z]+/.exec(problem.path)?.[0];
  return section ? `content/home/${section}.ts` : problem.file;
}

export function formatProblem(problem: ContentProblem): string {
  const file = sectionFile(problem);
  return problem.path === '' ? `${file}: ${problem.message}` : `${file}: ${problem.path}: ${problem.message}`;
}

export function formatProblems(problems: readonly ContentProblem[]): string {
  return problems.map(formatProblem).join('\n');
}

/** Checks one file's value against its struct and lists every failure (not only the first). */
export function validateContentValue(name: ContentName, value: unknown): ContentProblem[] {
  const { file, struct }: ContentFile = contentFiles[name];
  const [error] = validate(value, struct);
  if (!error) return [];
  return error.failures().map((failure) => ({
    file,
    path: formatFieldPath(failure.path),
    message: failure.message,
  }));
}

interface LinkAt {
  path: FieldPath;
  href: string;
}
interface ImageAt {
  path: FieldPath;
  key: string;
}

/** Finds every link ({label, href}) and picture ({key, alt}) in a content value, with its path. */
function collectReferences(value: unknown, path: FieldPath, links: LinkAt[], images: ImageAt[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectReferences(item, [...path, index], links, images));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.href === 'string' && 'label' in record) links.push({ path: [...path, 'href'], href: record.href });
  if (typeof record.key === 'string' && 'alt' in record) images.push({ path: [...path, 'key'], key: record.key });
  for (const [key, child] of Object.entries(record)) collectReferences(child, [...path, key], links, images);
}

function duplicates(ids: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return repeated;
}

/**
 * The checks a single struct cannot express. `imageKeys` are the names of the source pictures
 * in content/images (without extension): content may only show pictures that exist.
 */
export function crossCheckContent(
  content: Omit<SiteContent, 'imageManifest' | 'contactForm' | 'newsletterForms' | 'sidebarContact' | 'securityContact' | 'oldAddresses'> &
    Partial<Pick<SiteContent, 'contactForm' | 'newsletterForms' | 'sidebarContact' | 'securityContact' | 'oldAddresses'>>,
  imageKeys: ReadonlySet<string>,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const anchors = new Set<string>(homeSectionIds);

  const filesWithReferences: ContentName[] = ['company', 'site', 'navigation', 'home', 'pages', 'projectPages', 'seo'];
  for (const name of filesWithReferences) {
    const { file } = contentFiles[name];
    const links: LinkAt[] = [];
    const images: ImageAt[] = [];
    collectReferences(content[name as keyof typeof content], [], links, images);
    for (const link of links) {
      const [pathname = '', anchor] = link.href.split('#');
      if (!(sitePaths as readonly string[]).includes(pathname)) {
        problems.push({
          file,
          path: formatFieldPath(link.path),
          message: `Expected a link to a page of the site (${sitePaths.join(', ')}), but received: "${link.href}"`,
        });
      } else if (anchor !== undefined && (pathname !== '/' || !anchors.has(anchor))) {
        problems.push({
          file,
          path: formatFieldPath(link.path),
          message: `Expected an anchor of a home page section (${homeSectionIds.map((id) => `/#${id}`).join(', ')}), but received: "${link.href}"`,
        });
      }
    }
    for (const image of images) {
      if (!imageKeys.has(image.key)) {
        problems.push({
          file,
          path: formatFieldPath(image.path),
          message: `Expected a picture in content/images, but there is no content/images/${image.key}.jpg or .png`,
        });
      }
    }
  }

  const { home, company } = content;
  const homeFile = contentFiles.home.file;
  const uniqueIds: Array<[string, ReadonlyArray<{ id: string }>]> = [
    ['services.items', home.services.items],
    ['projects.categories', home.projects.categories],
    ['projects.items', home.projects.items],
    ['faq.items', home.faq.items],
  ];
  for (const [listPath, items] of uniqueIds) {
    const repeated = duplicates(items.map((item) => item.id));
    items.forEach((item, index) => {
      if (repeated.has(item.id)) {
        problems.push({ file: homeFile, path: `${listPath}[${index}].id`, message: `Expected a unique id, but "${item.id}" is used more than once` });
      }
    });
  }

  const categoryIds = new Set(home.projects.categories.map((category) => category.id));
  home.projects.items.forEach((project, index) => {
    if (!categoryIds.has(project.category)) {
      problems.push({
        file: homeFile,
        path: `projects.items[${index}].category`,
        message: `Expected one of projects.categories (${[...categoryIds].join(', ')}), but received: "${project.category}"`,
      });
    }
  });

  // A page per project of the grid, and no page for a project the grid does not have.
  const { projectPages } = content;
  const projectIds = new Set(home.projects.items.map((project) => project.id));
  home.projects.items.forEach((project, index) => {
    if (projectPages.projects[project.id] === undefined) {
      problems.push({
        file: contentFiles.projectPages.file,
        path: 'projects',
        message: `Expected a page for the project "${project.id}" (${homeFile}: projects.items[${index}])`,
      });
    }
  });
  for (const id of Object.keys(projectPages.projects)) {
    if (!projectIds.has(id)) {
      problems.push({
        file: contentFiles.projectPages.file,
        path: `projects.${id}`,
        message: `Expected the id of a project in ${homeFile} (${[...projectIds].join(', ')}), but received: "${id}"`,
      });
    }
  }

  const officeIds = new Set(company.offices.map((office) => office.id));
  home.map.directions.forEach((direction, index) => {
    if (!officeIds.has(direction.officeId)) {
      problems.push({
        file: homeFile,
        path: `map.directions[${index}].officeId`,
        message: `Expected an office id of content/company.ts (${[...officeIds].join(', ')}), but received: "${direction.officeId}"`,
      });
    }
  });
  home.map.interactive.locations.forEach((location, index) => {
    if (!officeIds.has(location.officeId)) {
      problems.push({
        file: homeFile,
        path: `map.interactive.locations[${index}].officeId`,
        message: `Expected an office id of content/company.ts (${[...officeIds].join(', ')}), but received: "${location.officeId}"`,
      });
    }
  });
  if (home.map.interactive.start > home.map.interactive.locations.length) {
    problems.push({
      file: homeFile,
      path: 'map.interactive.start',
      message: `Expected 0 (View All) or a location's 1-based position (at most ${home.map.interactive.locations.length}), but received: ${home.map.interactive.start}`,
    });
  }
  const officeRepeats = duplicates(company.offices.map((office) => office.id));
  company.offices.forEach((office, index) => {
    if (officeRepeats.has(office.id)) {
      problems.push({ file: contentFiles.company.file, path: `offices[${index}].id`, message: `Expected a unique id, but "${office.id}" is used more than once` });
    }
  });
  if (company.offices.filter((office) => office.kind === 'head-office').length !== 1) {
    problems.push({ file: contentFiles.company.file, path: 'offices', message: 'Expected exactly one office of kind "head-office"' });
  }

  // The hours machines read (structured data) say what the page shows.
  company.hours.forEach((row, index) => {
    const path = `hours[${index}]`;
    if ((row.opens === undefined) !== (row.closes === undefined)) {
      problems.push({ file: contentFiles.company.file, path, message: 'Expected both opens and closes (open that day) or neither (closed)' });
    } else if (row.opens !== undefined && !row.hours.startsWith(`${row.opens} – ${row.closes}`)) {
      problems.push({ file: contentFiles.company.file, path: `${path}.hours`, message: `Expected the hours shown to begin with "${row.opens} – ${row.closes}" (opens – closes), but received: "${row.hours}"` });
    }
  });

  // Form definitions: unique names and options, limits in order, mail tags naming real fields.
  if (content.contactForm) {
    const { file } = contentFiles.contactForm;
    problems.push(...checkForm(content.contactForm, sitePaths).map((problem) => ({ file, ...problem })));
  }

  // The sidebar panel's forms send visitors on to pages that exist.
  content.sidebarContact?.forms.forEach((form, index) => {
    if (form.redirect !== null && !(sitePaths as readonly string[]).includes(form.redirect.split('#')[0] ?? '')) {
      problems.push({
        file: contentFiles.sidebarContact.file,
        path: `forms[${index}].redirect`,
        message: `Expected a page of the site (${sitePaths.join(', ')}), but received: "${form.redirect}"`,
      });
    }
  });

  // security.txt's policy is a page of the site.
  const policy = content.securityContact?.policy;
  if (policy !== undefined && !(sitePaths as readonly string[]).includes(policy.split('#')[0] ?? '')) {
    problems.push({ file: contentFiles.securityContact.file, path: 'policy', message: `Expected a page of the site (${sitePaths.join(', ')}), but received: "${policy}"` });
  }

  if (content.oldAddresses) problems.push(...checkOldAddressRows(content.oldAddresses, [...sitePaths, ...[...projectIds].map((id) => `/projects/${id}/`)]));

  return problems;
}

/**
 * The old addresses' table (content/old-addresses.ts): each `from` once, and none taking the
 * place of a page of the site (a query row may sit on a page: `/?p=123` on the home page).
 * Whether each `to` exists is checked on the prerendered pages (scripts/old-address-targets.ts).
 */
export function checkOldAddressRows(rows: OldAddresses, pagePaths: readonly string[]): ContentProblem[] {
  const { file } = contentFiles.oldAddresses;
  const problems: ContentProblem[] = [];
  const repeated = duplicates(rows.map((row) => row.from));
  rows.forEach((row, index) => {
    const path = `[${index}].from`;
    if (repeated.has(row.from)) problems.push({ file, path, message: `Expected each old address once, but "${row.from}" is used more than once` });
    const pattern = parseOldAddress(row.from);
    const shadowed =
      pattern.kind === 'path'
        ? pagePaths.find((page) => page === pattern.path || page === `${pattern.path}/`)
        : pattern.kind === 'folder'
          ? pagePaths.find((page) => page.startsWith(pattern.folder))
          : undefined;
    if (shadowed !== undefined) problems.push({ file, path, message: `Expected an address that is not a page of the site, but "${row.from}" would hide ${shadowed}` });
  });
  return problems;
}

/** Names of the source pictures (content/images/<key>.jpg|png). */
export async function listSourceImageKeys(imagesDir: string): Promise<Set<string>> {
  const names = await readdir(imagesDir).catch(() => [] as string[]);
  return new Set(
    names.filter((name) => ['.jpg', '.jpeg', '.png'].includes(extname(name).toLowerCase())).map((name) => name.slice(0, -extname(name).length)),
  );
}

/** Reads one content file's export; a file that cannot be loaded is itself a problem. */
async function loadContentFile(root: string, name: ContentName): Promise<{ value?: unknown; problems: ContentProblem[] }> {
  const { file, exportName } = contentFiles[name];
  const absolute = resolve(root, file);
  try {
    if (file.endsWith('.json')) return { value: JSON.parse(await readFile(absolute, 'utf8')), problems: [] };
    const module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
    if (!(exportName in module)) {
      return { problems: [{ file, path: '', message: `Expected an export named "${exportName}", but the file exports: ${Object.keys(module).join(', ') || 'nothing'}` }] };
    }
    return { value: module[exportName], problems: [] };
  } catch (error) {
    return { problems: [{ file, path: '', message: `Cannot be loaded: ${(error as Error).message}` }] };
  }
}

/**
 * Loads and validates every content file under `root` (the project root). Resolves with the
 * content when all is well, rejects with a ContentValidationError listing every problem.
 */
export async function loadValidatedContent(root: string = process.cwd()): Promise<SiteContent> {
  const problems: ContentProblem[] = [];
  const values: Partial<Record<ContentName, unknown>> = {};
  for (const name of Object.keys(contentFiles) as ContentName[]) {
    const loaded = await loadContentFile(root, name);
    problems.push(...loaded.problems);
    if (loaded.problems.length === 0) {
      const structProblems = validateContentValue(name, loaded.value);
      problems.push(...structProblems);
      if (structProblems.length === 0) values[name] = loaded.value;
    }
  }
  if (problems.length > 0) throw new ContentValidationError(problems);

  const content = values as SiteContent;
  const imageKeys = await listSourceImageKeys(join(root, 'content/images'));
  const crossProblems = crossCheckContent(content, imageKeys);
  if (crossProblems.length > 0) throw new ContentValidationError(crossProblems);
  return content;
}

/** A problem between documents, in a document of the console's editor (content/content-documents.ts). */
export interface DocumentProblem {
  document: DocumentName;
  path: string;
  message: string;
}

/**
 * crossCheckContent over the content as documents (every document by name, a home section
 * each): the console's publish runs it on the live content with its draft put in
 * (server/content-editor/content-store.ts). Each problem is named by its document and the
 * path within it.
 */
export function crossCheckDocuments(content: DocumentContent, imageKeys: ReadonlySet<string>): DocumentProblem[] {
  const { projectPages, company, navigation, seo, site, pages, privacy: _privacy, contactForm, newsletterForms, sidebarContact, securityContact, oldAddresses, ...home } = content;
  const problems = crossCheckContent({ home, projectPages, company, navigation, seo, site, pages, contactForm, newsletterForms, sidebarContact, securityContact, oldAddresses }, imageKeys);
  const fileDocuments = new Map<string, string>(Object.entries(contentFiles).map(([name, { file }]) => [file, name]));
  return problems.map((problem) => {
    if (problem.file === contentFiles.home.file) {
      const section = /^[a-zA-Z]+/.exec(problem.path)?.[0] ?? '';
      return { document: section as DocumentName, path: problem.path.slice(section.length).replace(/^\./, ''), message: problem.message };
    }
    return { document: fileDocuments.get(problem.file) as DocumentName, path: problem.path, message: problem.message };
  });
}
