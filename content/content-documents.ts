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

import { DOCUMENT_NAMES, DOCUMENT_TITLES, type DocumentGroup, type DocumentName } from './document-names.ts';

export { DOCUMENT_GROUPS, DOCUMENT_NAMES, DOCUMENT_TITLES, isDocumentName, type DocumentGroup, type DocumentName } from './document-names.ts';

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
  hero: documentOf(DOCUMENT_TITLES.hero, 'home', 'hero', section.hero),
  about: documentOf(DOCUMENT_TITLES.about, 'home', 'about', section.about),
  services: documentOf(DOCUMENT_TITLES.services, 'home', 'services', section.services),
  process: documentOf(DOCUMENT_TITLES.process, 'home', 'process', section.process),
  projects: documentOf(DOCUMENT_TITLES.projects, 'projects', 'projects', section.projects),
  projectPages: documentOf(DOCUMENT_TITLES.projectPages, 'projects', 'project-pages', ProjectPagesStruct),
  clients: documentOf(DOCUMENT_TITLES.clients, 'home', 'clients', section.clients),
  gallery: documentOf(DOCUMENT_TITLES.gallery, 'home', 'gallery', section.gallery),
  videos: documentOf(DOCUMENT_TITLES.videos, 'home', 'videos', section.videos),
  counters: documentOf(DOCUMENT_TITLES.counters, 'home', 'counters', section.counters),
  testimonials: documentOf(DOCUMENT_TITLES.testimonials, 'home', 'testimonials', section.testimonials),
  upcoming: documentOf(DOCUMENT_TITLES.upcoming, 'home', 'upcoming', section.upcoming),
  faq: documentOf(DOCUMENT_TITLES.faq, 'home', 'faq', section.faq),
  newsletter: documentOf(DOCUMENT_TITLES.newsletter, 'home', 'newsletter', section.newsletter),
  contact: documentOf(DOCUMENT_TITLES.contact, 'home', 'contact', section.contact),
  map: documentOf(DOCUMENT_TITLES.map, 'home', 'map', section.map),
  footer: documentOf(DOCUMENT_TITLES.footer, 'home', 'footer', section.footer),
  company: documentOf(DOCUMENT_TITLES.company, 'company', 'company', CompanyStruct),
  navigation: documentOf(DOCUMENT_TITLES.navigation, 'site', 'navigation', NavigationStruct),
  seo: documentOf(DOCUMENT_TITLES.seo, 'site', 'seo', SeoStruct),
  site: documentOf(DOCUMENT_TITLES.site, 'site', 'site', SiteStruct),
  pages: documentOf(DOCUMENT_TITLES.pages, 'pages', 'pages', PagesStruct),
  privacy: documentOf(DOCUMENT_TITLES.privacy, 'pages', 'privacy', PrivacyStruct),
  contactForm: documentOf(DOCUMENT_TITLES.contactForm, 'forms', 'contact-form', FormDefinition),
  newsletterForms: documentOf(DOCUMENT_TITLES.newsletterForms, 'forms', 'newsletter-forms', array(NewsletterFormStruct)),
  sidebarContact: documentOf(DOCUMENT_TITLES.sidebarContact, 'forms', 'sidebar-contact', SidebarContactStruct),
  securityContact: documentOf(DOCUMENT_TITLES.securityContact, 'site', 'security-contact', SecurityContactStruct),
  oldAddresses: documentOf(DOCUMENT_TITLES.oldAddresses, 'site', 'old-addresses', OldAddressesStruct),
} as const satisfies Record<DocumentName, ContentDocument>;

// Every name of document-names.ts is a document here (the `satisfies` above), and no other, in the same order.
const inOrder: readonly (keyof typeof contentDocuments)[] = DOCUMENT_NAMES;
if (Object.keys(contentDocuments).join() !== inOrder.join()) throw new Error('content/document-names.ts and content/content-documents.ts name the documents in different orders');

/** The whole site's content: every document by name, each typed by its struct. */
export type SiteContent = { [K in DocumentName]: Infer<(typeof contentDocuments)[K]['struct']> };
