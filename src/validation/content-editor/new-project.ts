// "Add project" (README.md, "Editing the site"): a new project is its card in the grid (the
// projects document's items) and its page (the projectPages document), added together. Written
// once for the console's form (src/machines/content-editor/add-project.machine.ts) and the
// server's route (server/content-editor/), which checks it again before publishing both
// documents in one transaction. Browser-safe.
import { assign, enums, object, StructError, validate, type Infer } from 'superstruct';
import type { SiteContent } from '../../../content/content-documents.ts';
import { DOCUMENT_MAX_BYTES, documentBytes, lengthProblems, sizeText } from '../../../content/content-limits.ts';
import { ProjectCardStruct } from '../../../content/structs/home.struct.ts';
import { ProjectPageStruct } from '../../../content/structs/project-pages.struct.ts';
import { projectPathOf } from '../../services/projects/project-path.service.ts';
import type { Problem } from './content-editor.protocol.ts';
import { structProblems } from './document-problems.ts';

/** The form's struct: the card, its category one of the grid's, and the page. */
export const newProjectStruct = (categoryIds: readonly string[]) =>
  object({
    card: assign(ProjectCardStruct, object({ category: enums(categoryIds) })),
    page: ProjectPageStruct,
  });

export type NewProject = Infer<ReturnType<typeof newProjectStruct>>;

/** What a new project is checked against: the live grid's categories and the projects it has. */
export type ProjectsNow = Pick<SiteContent, 'projects' | 'projectPages'>;

export const categoryIdsOf = (live: Pick<SiteContent, 'projects'>): string[] => live.projects.categories.map((category) => category.id);

/**
 * Every field the struct refuses or that is over its maximum (content/content-limits.ts), an
 * address another project has, and a document the project would take over its maximum; empty
 * when it may be added.
 */
export function newProjectProblems(project: unknown, live: ProjectsNow): Problem[] {
  const tooLong = lengthProblems(project);
  const [error, valid] = validate(project, newProjectStruct(categoryIdsOf(live)));
  if (error instanceof StructError) return structProblems(error, tooLong);
  if (tooLong.length > 0) return tooLong;
  const { id } = valid!.card;
  if (live.projects.items.some((item) => item.id === id) || Object.hasOwn(live.projectPages.projects, id)) {
    return [{ path: 'card.id', message: `Another project's page is at ${projectPathOf(id)}: choose another address.` }];
  }
  const added = withNewProject(live, valid!);
  const full = (['projects', 'projectPages'] as const).filter((name) => documentBytes(added[name]) > DOCUMENT_MAX_BYTES);
  return full.map((name) => ({
    path: '',
    message: `The ${name === 'projects' ? 'project cards' : "projects' pages"} would be over ${sizeText(DOCUMENT_MAX_BYTES)}, the most a document may hold: remove an older project first.`,
  }));
}

/** Where the new project's page is (the site's one rule: services/projects/project-path.service.ts). */
export const newProjectAddress = (project: NewProject): string => projectPathOf(project.card.id);

/** The two documents with the project added: its card first in the grid, its page by its id. */
export function withNewProject(live: ProjectsNow, project: NewProject): ProjectsNow {
  return {
    projects: { ...live.projects, items: [project.card, ...live.projects.items] },
    projectPages: { ...live.projectPages, projects: { ...live.projectPages.projects, [project.card.id]: project.page } },
  };
}

/**
 * A problem the build's checks between documents found in `withNewProject`'s documents, said
 * at the form's field: the new card is `items[0]`, the new page `projects.{id}`.
 */
export function newProjectPath(document: 'projects' | 'projectPages', path: string, id: string): string | undefined {
  if (document === 'projects' && (path === 'items[0]' || path.startsWith('items[0].'))) return `card${path.slice('items[0]'.length)}`;
  const page = `projects.${id}`;
  if (document === 'projectPages' && (path === page || path.startsWith(`${page}.`) || path.startsWith(`${page}[`))) return `page${path.slice(page.length)}`;
  return undefined;
}

/** The address suggested from a project's name: "Menlyn Atrium 2026" → "menlyn-atrium-2026" (accents dropped, "&" said as "and"). */
export function addressFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const cardOf = (draft: unknown): { name?: unknown; id?: unknown } => {
  const card = typeof draft === 'object' && draft !== null ? (draft as { card?: unknown }).card : undefined;
  return typeof card === 'object' && card !== null ? (card as { name?: unknown; id?: unknown }) : {};
};

/**
 * `after` (the form once a change is made to `before`) with its address following the name:
 * while the address is empty or still what the name suggested, a new name suggests a new one;
 * once the person writes an address of their own, it is theirs and stays.
 */
export function withAddressFromName(before: unknown, after: unknown): unknown {
  const was = cardOf(before);
  const now = cardOf(after);
  if (typeof now.name !== 'string' || now.name === was.name) return after;
  const suggested = was.id === '' || was.id === undefined || (typeof was.name === 'string' && was.id === addressFromName(was.name));
  if (!suggested || now.id !== was.id) return after;
  const draft = after as { card: Record<string, unknown> };
  return { ...draft, card: { ...draft.card, id: addressFromName(now.name) } };
}
