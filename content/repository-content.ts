// The repository's content as one SiteContent (content/content-documents.ts): revision 0 of
// every document, what the build renders and what the server serves until something is
// published (README.md, "Editing the site"). The documents are the JSON files of
// content/documents/, imported as JSON modules: plain `node` (the server, the scripts) and
// Vite (tests, the SSR build) read them alike. Only the build and the server import this
// module; the browser gets its content from the page (README.md, "A page's life").
import { assert } from 'superstruct';
import { contentDocuments, DOCUMENT_NAMES, type ContentDocument, type DocumentName, type SiteContent } from './content-documents.ts';
import hero from './documents/hero.json' with { type: 'json' };
import about from './documents/about.json' with { type: 'json' };
import services from './documents/services.json' with { type: 'json' };
import process from './documents/process.json' with { type: 'json' };
import projects from './documents/projects.json' with { type: 'json' };
import projectPages from './documents/project-pages.json' with { type: 'json' };
import clients from './documents/clients.json' with { type: 'json' };
import gallery from './documents/gallery.json' with { type: 'json' };
import videos from './documents/videos.json' with { type: 'json' };
import counters from './documents/counters.json' with { type: 'json' };
import testimonials from './documents/testimonials.json' with { type: 'json' };
import upcoming from './documents/upcoming.json' with { type: 'json' };
import faq from './documents/faq.json' with { type: 'json' };
import newsletter from './documents/newsletter.json' with { type: 'json' };
import contact from './documents/contact.json' with { type: 'json' };
import map from './documents/map.json' with { type: 'json' };
import footer from './documents/footer.json' with { type: 'json' };
import company from './documents/company.json' with { type: 'json' };
import navigation from './documents/navigation.json' with { type: 'json' };
import seo from './documents/seo.json' with { type: 'json' };
import site from './documents/site.json' with { type: 'json' };
import pages from './documents/pages.json' with { type: 'json' };
import privacy from './documents/privacy.json' with { type: 'json' };
import contactForm from './documents/contact-form.json' with { type: 'json' };
import newsletterForms from './documents/newsletter-forms.json' with { type: 'json' };
import sidebarContact from './documents/sidebar-contact.json' with { type: 'json' };
import securityContact from './documents/security-contact.json' with { type: 'json' };
import oldAddresses from './documents/old-addresses.json' with { type: 'json' };

const documents = {
  hero,
  about,
  services,
  process,
  projects,
  projectPages,
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
};

/**
 * One document, checked against its struct: the JSON's own types are wider than the struct's (a
 * string, not 'sticky' | 'auto-show'). The build lists every problem of every document
 * (content/validate-content.ts); this only refuses to hand an invalid one to a renderer.
 */
function checked(name: DocumentName): SiteContent[DocumentName] {
  const { struct, file }: ContentDocument = contentDocuments[name];
  const value: unknown = documents[name];
  assert(value, struct, `${file} is not valid by its struct: npm run build lists its problems`);
  return value;
}

let validated: SiteContent | undefined;

/** A fresh copy each call: a caller may change it (a draft) without touching anyone else's. */
export function repositoryContent(): SiteContent {
  validated ??= Object.fromEntries(DOCUMENT_NAMES.map((name) => [name, checked(name)])) as SiteContent;
  return structuredClone(validated);
}
