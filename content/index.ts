// The content the first script of every page needs. The build validates these same modules
// (content/validate-content.ts) before anything is rendered. The home page's sections
// (content/home/<section>.ts, assembled in content/home.ts) and the pages' copy (content/pages.ts)
// are NOT re-exported here: a view imports its own section's module, so copy that is shown by a
// part loaded after first paint travels in that part's chunk, not in the initial JavaScript.
export { company } from './company.ts';
export { site } from './site.ts';
export { navigation } from './navigation.ts';
export { seo } from './seo.ts';
export { homeSectionIds, type HomeSectionId } from './section-ids.ts';
export type { Company, Office } from './structs/company.struct.ts';
export type { Home } from './structs/home.struct.ts';
export type { ImageRef, Link } from './structs/common.struct.ts';
export type { PageMeta } from './structs/seo.struct.ts';
export type { SimplePage } from './structs/pages.struct.ts';
export type { HeaderVariant } from './structs/site.struct.ts';
