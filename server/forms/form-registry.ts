import { formsOf, type FormDefinition } from '../../content/forms/index.ts';
import { repositoryContent } from '../../content/repository-content.ts';

/** Forms by id: the contact forms (CF7 ids) and the newsletter forms (sib_form_id). */
export interface Registry<T> {
  find(id: number): T | undefined;
  all(): readonly T[];
}

export function createRegistry<T extends { id: number }>(items: readonly T[]): Registry<T> {
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    find: (id) => byId.get(id),
    all: () => items,
  };
}

/**
 * The contact forms the server answers for, by CF7 id. Injectable (`buildApp({ forms })`) so
 * tests can register forms with every field type the site's own forms do not use.
 */
export type FormRegistry = Registry<FormDefinition>;

export function createFormRegistry(forms: readonly FormDefinition[] = formsOf(repositoryContent())): FormRegistry {
  return createRegistry(forms);
}

/**
 * A registry of what `items` makes of `source()`, made again only when the source is another
 * object: the live content's forms (plugins/app-context.ts), which a publish in the console
 * replaces (README.md, "Live in seconds").
 */
export function followedRegistry<S extends object, T extends { id: number }>(source: () => S, items: (source: S) => readonly T[]): Registry<T> {
  let seen: S | undefined;
  let registry: Registry<T> = createRegistry([]);
  const now = (): Registry<T> => {
    const current = source();
    if (current !== seen) {
      seen = current;
      registry = createRegistry(items(current));
    }
    return registry;
  };
  return { find: (id) => now().find(id), all: () => now().all() };
}
