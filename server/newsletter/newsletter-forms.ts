import { repositoryContent } from '../../content/repository-content.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import { createRegistry, type Registry } from '../forms/form-registry.ts';

/** reCAPTCHA v3 action the newsletter form's token must be issued for (the contact form's is `contactform`). */
export const NEWSLETTER_RECAPTCHA_ACTION = 'newsletter';

/** Nonce actions of the newsletter (WordPress's, as the Brevo plugin names them). */
export const SUBSCRIBE_NONCE_ACTION = 'sib_subscribe';
export const COUNTRY_PREFIX_NONCE_ACTION = 'sib_country_prefix';

/** The newsletter forms the server answers for, by sib_form_id; injectable like the contact forms. */
export type NewsletterFormRegistry = Registry<NewsletterForm>;

export function createNewsletterFormRegistry(forms: readonly NewsletterForm[] = repositoryContent().newsletterForms): NewsletterFormRegistry {
  return createRegistry(forms);
}
