// The newsletter form a view shows, by its Brevo form id (content/forms/index.ts), from the page's
// newsletter-forms document.
import type { NewsletterForm } from '../../../content/structs/newsletter-form.struct.ts';

export function newsletterFormOf(forms: readonly NewsletterForm[], id: number): NewsletterForm {
  const form = forms.find((candidate) => candidate.id === id);
  if (!form) throw new Error(`The newsletter-forms document has no form ${id}`);
  return form;
}
