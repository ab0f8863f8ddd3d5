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
