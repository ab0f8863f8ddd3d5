// Site-wide switches that change how the views behave.
import type { Site } from './structs/site.struct.ts';

export const site: Site = {
  // Read by the app shell and handed to <StickyHeader autoShow>: 'sticky' keeps the header on
  // screen and shrinks it on scroll; 'auto-show' hides it at the top of the page.
  header: { variant: 'sticky' },
  // Read by the app shell: 'top' (the menu in the header) or 'left-navbar' (a sidebar on wide
  // screens; the menu scroll then lands sections at the very top).
  menu: { layout: 'top' },
  // Read by the app shell: `snow` lets snowflakes fall over the page (off: December is summer in
  // South Africa, but a campaign may want it).
  effects: { snow: false },
  // Read by the click tracking: the free beacon is on (no pro beacon) and respects visitors who
  // send Global Privacy Control or Do Not Track.
  clickTracking: { proBeacon: false, respectPrivacySignals: true },
  themeColor: '#0b1220',
};
