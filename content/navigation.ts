import type { Navigation } from './structs/navigation.struct.ts';

// Links are written "/#anchor" so that they work from every page: on the home page the browser
// only scrolls, elsewhere it opens the home page at that section.
export const navigation: Navigation = {
  label: 'Main menu',
  mainMenu: [
    { label: 'Home', href: '/#home' },
    { label: 'About', href: '/#about' },
    { label: 'Services', href: '/#services' },
    { label: 'Projects', href: '/#projects' },
    { label: 'Gallery', href: '/#gallery' },
    { label: 'Videos', href: '/#videos' },
    { label: 'FAQ', href: '/#faq' },
    { label: 'Contact', href: '/#contact' },
  ],
  cta: { label: 'Request a quote', href: '/#contact' },
  footerMenu: [
    { label: 'About us', href: '/#about' },
    { label: 'Services', href: '/#services' },
    { label: 'Projects', href: '/#projects' },
    { label: 'Client stories', href: '/#testimonials' },
    { label: 'Questions', href: '/#faq' },
    { label: 'Newsletter', href: '/#newsletter' },
    { label: 'Find us', href: '/#map' },
  ],
};
