// The home page's landmarks and sections, in the order they appear. The main menu may only
// link to these anchors (checked at build), and the views take their `id`s from here, so a
// renamed anchor cannot silently break a menu link.
export const homeSectionIds = [
  'header',
  'home',
  'about',
  'services',
  'process',
  'projects',
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
] as const;

export type HomeSectionId = (typeof homeSectionIds)[number];

/** Each id by name, for the views: `<section id={SECTION.about}>`. */
export const SECTION = Object.fromEntries(homeSectionIds.map((id) => [id, id])) as { readonly [Id in HomeSectionId]: Id };

/** The id of a section's heading, which names the section (`aria-labelledby`). */
export const titleIdOf = (section: HomeSectionId): `${HomeSectionId}-title` => `${section}-title`;
