// The forms' code: which forms the site has, by CF7 id (the server answers 404 wpcf7_not_found
// for any other id), and Contact Form 7's default texts. The forms' copy is content: the
// documents contact-form and newsletter-forms (content/content-documents.ts).
import type { SiteContent } from '../content-documents.ts';
import type { FormDefinition } from '../structs/form.struct.ts';

/** Every contact form of the site's content. */
export const formsOf = (content: Pick<SiteContent, 'contactForm'>): readonly FormDefinition[] => [content.contactForm];

export function findFormIn(content: Pick<SiteContent, 'contactForm'>, id: number): FormDefinition | undefined {
  return formsOf(content).find((form) => form.id === id);
}

/** The Brevo form (sib_form_id) the home page's newsletter section shows, and the footer's short one. */
export const HOME_NEWSLETTER_FORM_ID = 1;
export const FOOTER_NEWSLETTER_FORM_ID = 2;

export { defaultFormNotices, redirectAddOnTexts } from './default-messages.ts';
export type { FormDefinition, FormField, MessageKey } from '../structs/form.struct.ts';
