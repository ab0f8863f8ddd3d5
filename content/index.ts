// The content's types and the home page's section order: code, not copy. The copy itself is
// the JSON documents of content/documents/ (content/content-documents.ts); views read it from
// the page's content (src/views/shared/site-content.tsx), never by importing a document.
export { homeSectionIds, type HomeSectionId } from './section-ids.ts';
export type { SiteContent, DocumentName } from './content-documents.ts';
export type { Company, Office } from './structs/company.struct.ts';
export type { Home } from './structs/home.struct.ts';
export type { ImageRef, Link } from './structs/common.struct.ts';
export type { PageMeta } from './structs/seo.struct.ts';
export type { SimplePage } from './structs/pages.struct.ts';
export type { HeaderVariant } from './structs/site.struct.ts';
