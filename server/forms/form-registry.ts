import { forms as siteForms, type FormDefinition } from '../../content/forms/index.ts';

/**
 * The contact forms the server answers for, by CF7 id. Injectable (`buildApp({ forms })`) so
 * tests can register forms with every field type the site's own forms do not use.
 */
export interface FormRegistry {
  find(id: number): FormDefinition | undefined;
  all(): readonly FormDefinition[];
}

export function createFormRegistry(forms: readonly FormDefinition[] = siteForms): FormRegistry {
  const byId = new Map(forms.map((form) => [form.id, form]));
  return {
    find: (id) => byId.get(id),
    all: () => forms,
  };
}
