// Validation of the content at build time. Each file is checked against its struct, then the
// files are checked against each other (menu anchors exist, pictures exist, ids are unique…).
// Every problem names the JSON file and the field path, so a broken build says exactly what to fix:
//   content/documents/services.json: items[2].title: Expected a string, but received: undefined
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { validate } from 'superstruct';
import { contentDocuments, DOCUMENT_NAMES, type DocumentName, type SiteContent } from './content-documents.ts';
import { contentFiles, sitePaths, type ContentFile, type ContentName } from './content-files.ts';
import { checkForm } from './forms/check-form.ts';
import { homeSectionIds } from './section-ids.ts';
import { HomeStruct } from './structs/home.struct.ts';
import type { ImageManifest } from './structs/image-manifest.struct.ts';
import { parseOldAddress, type OldAddresses } from './structs/old-addresses.struct.ts';

export type FieldPath = ReadonlyArray<string | number>;

export interface ContentProblem {
  file: string;
  path: string;
  message: string;
}

/** What the build validates: every document and the image manifest. */
export type ValidatedContent = SiteContent & { imageManifest: ImageManifest };

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

export function formatProblem(problem: ContentProblem): string {
  return problem.path === '' ? `${problem.file}: ${problem.message}` : `${problem.file}: ${problem.path}: ${problem.message}`;
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
  content: Omit<SiteContent, 'contactForm' | 'newsletterForms' | 'sidebarContact' | 'securityContact' | 'oldAddresses' | 'privacy'> &
    Partial<Pick<SiteContent, 'contactForm' | 'newsletterForms' | 'sidebarContact' | 'securityContact' | 'oldAddresses' | 'privacy'>>,
  imageKeys: ReadonlySet<string>,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const anchors = new Set<string>(homeSectionIds);
  const fileOf = (name: ContentName) => contentFiles[name].file;

  const filesWithReferences: DocumentName[] = [
    'company',
    'site',
    'navigation',
    ...(Object.keys(HomeStruct.schema) as Array<keyof typeof HomeStruct.schema>),
    'pages',
    'projectPages',
    'seo',
  ];
  for (const name of filesWithReferences) {
    const file = fileOf(name);
    const links: LinkAt[] = [];
    const images: ImageAt[] = [];
    collectReferences(content[name as keyof typeof content], [], links, images);
    for (const link of links) {
      const [pathname = '', anchor] = link.href.split('#');
      if (!(sitePaths as readonly string[]).includes(pathname)) {
        problems.push({
          file,
          path: formatFieldPath(link.path),
          message: `Link to a page of the site (${sitePaths.join(', ')}): “${link.href}” is not one.`,
        });
      } else if (anchor !== undefined && (pathname !== '/' || !anchors.has(anchor))) {
        problems.push({
          file,
          path: formatFieldPath(link.path),
          message: `Link to a section of the home page (${homeSectionIds.map((id) => `/#${id}`).join(', ')}): “${link.href}” is not one.`,
        });
      }
    }
    for (const image of images) {
      if (!imageKeys.has(image.key)) {
        problems.push({
          file,
          path: formatFieldPath(image.path),
          message: `Choose a picture the site has: there is no picture “${image.key}” (content/images/${image.key}.jpg or .png).`,
        });
      }
    }
  }

  const { company, projects, map } = content;
  const uniqueIds: Array<[DocumentName, string, ReadonlyArray<{ id: string }>]> = [
    ['services', 'items', content.services.items],
    ['projects', 'categories', projects.categories],
    ['projects', 'items', projects.items],
    ['faq', 'items', content.faq.items],
  ];
  for (const [name, listPath, items] of uniqueIds) {
    const repeated = duplicates(items.map((item) => item.id));
    items.forEach((item, index) => {
      if (repeated.has(item.id)) {
        problems.push({ file: fileOf(name), path: `${listPath}[${index}].id`, message: `Give each item its own id: “${item.id}” is used more than once.` });
      }
    });
  }

  const projectsFile = fileOf('projects');
  const categoryIds = new Set(projects.categories.map((category) => category.id));
  projects.items.forEach((project, index) => {
    if (!categoryIds.has(project.category)) {
      problems.push({
        file: projectsFile,
        path: `items[${index}].category`,
        message: `Choose one of the categories (${[...categoryIds].join(', ')}): “${project.category}” is not one.`,
      });
    }
  });

  // A page per project of the grid, and no page for a project the grid does not have.
  const { projectPages } = content;
  const projectIds = new Set(projects.items.map((project) => project.id));
  projects.items.forEach((project, index) => {
    if (projectPages.projects[project.id] === undefined) {
      problems.push({
        file: fileOf('projectPages'),
        path: 'projects',
        message: `Add a page for the project “${project.id}” (${projectsFile}: items[${index}]): every project in the grid has one.`,
      });
    }
  });
  for (const id of Object.keys(projectPages.projects)) {
    if (!projectIds.has(id)) {
      problems.push({
        file: fileOf('projectPages'),
        path: `projects.${id}`,
        message: `Use the id of a project in the grid, ${projectsFile} (${[...projectIds].join(', ')}): “${id}” is not one.`,
      });
    }
  }

  const mapFile = fileOf('map');
  const companyFile = fileOf('company');
  const officeIds = new Set(company.offices.map((office) => office.id));
  map.directions.forEach((direction, index) => {
    if (!officeIds.has(direction.officeId)) {
      problems.push({
        file: mapFile,
        path: `directions[${index}].officeId`,
        message: `Use the id of one of the offices in ${companyFile} (${[...officeIds].join(', ')}): “${direction.officeId}” is not one.`,
      });
    }
  });
  map.interactive.locations.forEach((location, index) => {
    if (!officeIds.has(location.officeId)) {
      problems.push({
        file: mapFile,
        path: `interactive.locations[${index}].officeId`,
        message: `Use the id of one of the offices in ${companyFile} (${[...officeIds].join(', ')}): “${location.officeId}” is not one.`,
      });
    }
  });
  if (map.interactive.start > map.interactive.locations.length) {
    problems.push({
      file: mapFile,
      path: 'interactive.start',
      message: `Use 0 (View All) or a location’s place in the list, 1 to ${map.interactive.locations.length}: ${map.interactive.start} is not one.`,
    });
  }
  const officeRepeats = duplicates(company.offices.map((office) => office.id));
  company.offices.forEach((office, index) => {
    if (officeRepeats.has(office.id)) {
      problems.push({ file: companyFile, path: `offices[${index}].id`, message: `Give each office its own id: “${office.id}” is used more than once.` });
    }
  });
  if (company.offices.filter((office) => office.kind === 'head-office').length !== 1) {
    problems.push({ file: companyFile, path: 'offices', message: 'Mark exactly one office as the head office (kind “head-office”).' });
  }

  // The hours machines read (structured data) say what the page shows.
  company.hours.forEach((row, index) => {
    const path = `hours[${index}]`;
    if ((row.opens === undefined) !== (row.closes === undefined)) {
      problems.push({ file: companyFile, path, message: 'Give both the opening and the closing time (open that day), or neither (closed).' });
    } else if (row.opens !== undefined && !row.hours.startsWith(`${row.opens} – ${row.closes}`)) {
      problems.push({ file: companyFile, path: `${path}.hours`, message: `Begin the hours shown with “${row.opens} – ${row.closes}”, the opening and closing times: “${row.hours}” does not.` });
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
        message: `Use a page of the site (${sitePaths.join(', ')}): “${form.redirect}” is not one.`,
      });
    }
  });

  // security.txt's policy is a page of the site.
  const policy = content.securityContact?.policy;
  if (policy !== undefined && !(sitePaths as readonly string[]).includes(policy.split('#')[0] ?? '')) {
    problems.push({ file: contentFiles.securityContact.file, path: 'policy', message: `Use a page of the site (${sitePaths.join(', ')}): “${policy}” is not one.` });
  }

  if (content.oldAddresses) problems.push(...checkOldAddressRows(content.oldAddresses, [...sitePaths, ...[...projectIds].map((id) => `/projects/${id}/`)]));

  return problems;
}

/**
 * The old addresses' table (content/documents/old-addresses.json): each `from` once, and none taking the
 * place of a page of the site (a query row may sit on a page: `/?p=123` on the home page).
 * Whether each `to` exists is checked on the prerendered pages (server/site-render/old-address-targets.ts).
 */
export function checkOldAddressRows(rows: OldAddresses, pagePaths: readonly string[]): ContentProblem[] {
  const { file } = contentFiles.oldAddresses;
  const problems: ContentProblem[] = [];
  const repeated = duplicates(rows.map((row) => row.from));
  rows.forEach((row, index) => {
    const path = `[${index}].from`;
    if (repeated.has(row.from)) problems.push({ file, path, message: `Give each old address once: “${row.from}” is used more than once.` });
    const pattern = parseOldAddress(row.from);
    const shadowed =
      pattern.kind === 'path'
        ? pagePaths.find((page) => page === pattern.path || page === `${pattern.path}/`)
        : pattern.kind === 'folder'
          ? pagePaths.find((page) => page.startsWith(pattern.folder))
          : undefined;
    if (shadowed !== undefined) problems.push({ file, path, message: `Use an address that is not a page of the site: “${row.from}” would hide ${shadowed}.` });
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

/** Reads one JSON content file; a file that cannot be read or parsed is itself a problem. */
async function loadContentFile(root: string, name: ContentName): Promise<{ value?: unknown; problems: ContentProblem[] }> {
  const { file } = contentFiles[name];
  try {
    return { value: JSON.parse(await readFile(resolve(root, file), 'utf8')), problems: [] };
  } catch (error) {
    return { problems: [{ file, path: '', message: `Cannot be read as JSON: ${(error as Error).message}` }] };
  }
}

/**
 * Loads and validates every content file under `root` (the project root). Resolves with the
 * content when all is well, rejects with a ContentValidationError listing every problem.
 */
export async function loadValidatedContent(root: string = process.cwd()): Promise<ValidatedContent> {
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

  const content = values as ValidatedContent;
  const imageKeys = await listSourceImageKeys(join(root, 'content/images'));
  const crossProblems = crossCheckContent(content, imageKeys);
  if (crossProblems.length > 0) throw new ContentValidationError(crossProblems);
  return content;
}

/** A problem between documents, named by the document it is in (the content editor's checks). */
export interface DocumentProblem {
  document: DocumentName;
  path: string;
  message: string;
}

/**
 * The build's checks between documents (crossCheckContent) over content as the editor holds it,
 * each problem named by its document rather than its file (README.md, "Editing the site").
 */
export function crossCheckDocuments(content: SiteContent, imageKeys: ReadonlySet<string>): DocumentProblem[] {
  const documentOfFile = new Map<string, DocumentName>(DOCUMENT_NAMES.map((name) => [contentDocuments[name].file, name]));
  return crossCheckContent(content, imageKeys).flatMap((problem) => {
    const document = documentOfFile.get(problem.file);
    return document === undefined ? [] : [{ document, path: problem.path, message: problem.message }];
  });
}
