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

const NAMES: ReadonlySet<string> = new Set(DOCUMENT_NAMES);
export const isDocumentName = (name: string): name is DocumentName => NAMES.has(name);

/** Where a document is listed in the console. */
export const DOCUMENT_GROUPS = ['home', 'projects', 'company', 'forms', 'pages', 'site'] as const;
export type DocumentGroup = (typeof DOCUMENT_GROUPS)[number];
