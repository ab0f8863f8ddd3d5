// The repository's content for tests, by document (content/repository-content.ts), under the
// names the content modules had before the documents became JSON. One shared copy: a test that
// needs a changed document spreads it ({ ...hero, heading: 'x' }), never assigns to it.
import { findFormIn, FOOTER_NEWSLETTER_FORM_ID, formsOf, HOME_NEWSLETTER_FORM_ID } from '../../content/forms/index.ts';
import { repositoryContent } from '../../content/repository-content.ts';
import type { Home } from '../../content/structs/home.struct.ts';
import { newsletterFormOf } from '../../src/views/newsletter/newsletter-form-of.ts';

export * from '../../content/index.ts';
export * from '../../content/forms/index.ts';

export const siteContent = repositoryContent();
export const {
  hero,
  about,
  services,
  process,
  projects,
  clients,
  gallery,
  videos,
  counters,
  testimonials,
  upcoming,
  faq,
  newsletter,
  contact,
  map,
  footer,
  projectPages,
  company,
  navigation,
  seo,
  site,
  pages,
  privacy,
  contactForm,
  newsletterForms,
  sidebarContact,
  securityContact,
  oldAddresses,
} = siteContent;

/** The home page's sections as one object, in the page's order (content/structs/home.struct.ts). */
export const home: Home = { hero, about, services, process, projects, clients, gallery, videos, counters, testimonials, upcoming, faq, newsletter, contact, map, footer };

export const forms = formsOf(siteContent);
export const findForm = (id: number) => findFormIn(siteContent, id);
export const homeNewsletterForm = newsletterFormOf(newsletterForms, HOME_NEWSLETTER_FORM_ID);
export const footerNewsletterForm = newsletterFormOf(newsletterForms, FOOTER_NEWSLETTER_FORM_ID);
export const findNewsletterForm = (id: number) => newsletterForms.find((form) => form.id === id);
