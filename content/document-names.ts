// The content documents' names and the console's groups, without their structs: what the
// console's first screen needs (its routes name documents) while the editor and its structs load
// with the editor's pages (README.md, "Budgets"). content/content-documents.ts holds the documents
// under exactly these names, in this order (the console's); the compiler checks both ways.

/** Every document, in the console's order. */
export const DOCUMENT_NAMES = [
  'hero',
  'about',
  'services',
  'process',
  'projects',
  'projectPages',
  'clients',
  'gallery',
  'videos',
  'counters',
  'testimonials',
  'upcoming',
  'faq',
  'newsletter',
  'contact',
  'map',
  'footer',
  'company',
  'navigation',
  'seo',
  'site',
  'pages',
  'privacy',
  'contactForm',
  'newsletterForms',
  'sidebarContact',
  'securityContact',
  'oldAddresses',
] as const;

export type DocumentName = (typeof DOCUMENT_NAMES)[number];

/** The console's name for each document (its editor's title, the audit log's words). */
export const DOCUMENT_TITLES: Readonly<Record<DocumentName, string>> = {
  hero: 'Home: hero',
  about: 'Home: about',
  services: 'Home: services',
  process: 'Home: process',
  projects: 'Projects: cards and categories',
  projectPages: 'Projects: pages',
  clients: 'Home: clients',
  gallery: 'Home: gallery',
  videos: 'Home: videos',
  counters: 'Home: counters',
  testimonials: 'Home: testimonials',
  upcoming: 'Home: upcoming',
  faq: 'Home: questions',
  newsletter: 'Home: newsletter',
  contact: 'Home: contact',
  map: 'Home: map',
  footer: 'Footer',
  company: 'Company and offices',
  navigation: 'Menus',
  seo: 'Search engines (SEO)',
  site: 'Site settings',
  pages: 'Pages: thank-you, newsletter, 404',
  privacy: 'Privacy and accessibility',
  contactForm: 'Contact form',
  newsletterForms: 'Newsletter forms',
  sidebarContact: 'Contact panel',
  securityContact: 'Security contact',
  oldAddresses: 'Old WordPress addresses',
};

const NAMES: ReadonlySet<string> = new Set(DOCUMENT_NAMES);
export const isDocumentName = (name: string): name is DocumentName => NAMES.has(name);

/** Where a document is listed in the console. */
export const DOCUMENT_GROUPS = ['home', 'projects', 'company', 'forms', 'pages', 'site'] as const;
export type DocumentGroup = (typeof DOCUMENT_GROUPS)[number];
