// The content as the views use it. The build validates these same modules
// (content/validate-content.ts) before anything is rendered.
export { company } from './company.ts';
export { site } from './site.ts';
export { navigation } from './navigation.ts';
export { home } from './home.ts';
export { pages } from './pages.ts';
export { seo } from './seo.ts';
export { homeSectionIds, type HomeSectionId } from './section-ids.ts';
export type { Company, Office } from './structs/company.struct.ts';
export type { Home } from './structs/home.struct.ts';
export type { ImageRef, Link } from './structs/common.struct.ts';
export type { PageMeta } from './structs/seo.struct.ts';
export type { SimplePage } from './structs/pages.struct.ts';
export type { HeaderVariant } from './structs/site.struct.ts';
