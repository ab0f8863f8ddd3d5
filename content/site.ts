// Site-wide switches that change how the views behave.
import type { Site } from './structs/site.struct.ts';

export const site: Site = {
  // Read by the app shell and handed to <StickyHeader autoShow>: 'sticky' keeps the header on
  // screen and shrinks it on scroll; 'auto-show' hides it at the top of the page.
  header: { variant: 'sticky' },
  themeColor: '#0b1220',
};
