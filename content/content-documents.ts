// The site's content as documents: what the console's editor edits, publishes and keeps
// revisions of (README.md, "Editing the site"), and what the build validates. Each document is
// one JSON file under content/documents/ (the repository's initial content) and one struct,
// from which its TypeScript type is inferred. Browser-safe: the console imports it to build its
// forms from the structs; nothing here reads files.
import { array, type Infer, type Struct } from 'superstruct';
import { CompanyStruct } from './structs/company.struct.ts';
import { FormDefinition } from './structs/form.struct.ts';
import { HomeStruct } from './structs/home.struct.ts';
import { NavigationStruct } from './structs/navigation.struct.ts';
import { NewsletterFormStruct } from './structs/newsletter-form.struct.ts';
import { OldAddressesStruct } from './structs/old-addresses.struct.ts';
import { PagesStruct } from './structs/pages.struct.ts';
import { PrivacyStruct } from './structs/privacy.struct.ts';
import { ProjectPagesStruct } from './structs/project-pages.struct.ts';
import { SecurityContactStruct } from './structs/security-contact.struct.ts';
import { SeoStruct } from './structs/seo.struct.ts';
import { SidebarContactStruct } from './structs/sidebar-contact.struct.ts';
import { SiteStruct } from './structs/site.struct.ts';

import { DOCUMENT_NAMES, type DocumentGroup, type DocumentName } from './document-names.ts';

export { DOCUMENT_GROUPS, DOCUMENT_NAMES, isDocumentName, type DocumentGroup, type DocumentName } from './document-names.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each document has its own struct type
export interface ContentDocument<S extends Struct<any, any> = Struct<any, any>> {
  /** The console's name for it. */
  title: string;
  group: DocumentGroup;
  /** The repository's copy, from the project root. */
  file: string;
  struct: S;
}

const section = HomeStruct.schema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
const documentOf = <S extends Struct<any, any>>(title: string, group: DocumentGroup, name: string, struct: S): ContentDocument<S> => ({
  title,
  group,
  file: `content/documents/${name}.json`,
  struct,
});

/**
 * Every document, in the console's order. A home section is a document of its own (the page's
 * order is content/section-ids.ts'), so two people can edit two sections at once.
 */
export const contentDocuments = {
  hero: documentOf('Home: hero', 'home', 'hero', section.hero),
  about: documentOf('Home: about', 'home', 'about', section.about),
  services: documentOf('Home: services', 'home', 'services', section.services),
  process: documentOf('Home: process', 'home', 'process', section.process),
  projects: documentOf('Projects: cards and categories', 'projects', 'projects', section.projects),
  projectPages: documentOf('Projects: pages', 'projects', 'project-pages', ProjectPagesStruct),
  clients: documentOf('Home: clients', 'home', 'clients', section.clients),
  gallery: documentOf('Home: gallery', 'home', 'gallery', section.gallery),
  videos: documentOf('Home: videos', 'home', 'videos', section.videos),
  counters: documentOf('Home: counters', 'home', 'counters', section.counters),
  testimonials: documentOf('Home: testimonials', 'home', 'testimonials', section.testimonials),
  upcoming: documentOf('Home: upcoming', 'home', 'upcoming', section.upcoming),
  faq: documentOf('Home: questions', 'home', 'faq', section.faq),
  newsletter: documentOf('Home: newsletter', 'home', 'newsletter', section.newsletter),
  contact: documentOf('Home: contact', 'home', 'contact', section.contact),
  map: documentOf('Home: map', 'home', 'map', section.map),
  footer: documentOf('Footer', 'home', 'footer', section.footer),
  company: documentOf('Company and offices', 'company', 'company', CompanyStruct),
  navigation: documentOf('Menus', 'site', 'navigation', NavigationStruct),
  seo: documentOf('Search engines (SEO)', 'site', 'seo', SeoStruct),
  site: documentOf('Site settings', 'site', 'site', SiteStruct),
  pages: documentOf('Pages: thank-you, newsletter, 404', 'pages', 'pages', PagesStruct),
  privacy: documentOf('Privacy and accessibility', 'pages', 'privacy', PrivacyStruct),
  contactForm: documentOf('Contact form', 'forms', 'contact-form', FormDefinition),
  newsletterForms: documentOf('Newsletter forms', 'forms', 'newsletter-forms', array(NewsletterFormStruct)),
  sidebarContact: documentOf('Contact panel', 'forms', 'sidebar-contact', SidebarContactStruct),
  securityContact: documentOf('Security contact', 'site', 'security-contact', SecurityContactStruct),
  oldAddresses: documentOf('Old WordPress addresses', 'site', 'old-addresses', OldAddressesStruct),
} as const satisfies Record<DocumentName, ContentDocument>;

// Every name of document-names.ts is a document here (the `satisfies` above), and no other, in the same order.
const inOrder: readonly (keyof typeof contentDocuments)[] = DOCUMENT_NAMES;
if (Object.keys(contentDocuments).join() !== inOrder.join()) throw new Error('content/document-names.ts and content/content-documents.ts name the documents in different orders');

/** The whole site's content: every document by name, each typed by its struct. */
export type SiteContent = { [K in DocumentName]: Infer<(typeof contentDocuments)[K]['struct']> };
