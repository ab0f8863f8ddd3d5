// Every form of the site, by CF7 id. The server answers 404 wpcf7_not_found for any other id.
import type { FormDefinition } from '../structs/form.struct.ts';
import { contactForm } from './contact.form.ts';

export const forms: readonly FormDefinition[] = [contactForm];

export function findForm(id: number): FormDefinition | undefined {
  return forms.find((form) => form.id === id);
}

export { contactForm };
export { defaultFormNotices, redirectAddOnTexts } from './default-messages.ts';
export type { FormDefinition, FormField, MessageKey } from '../structs/form.struct.ts';
