// Copy of the pages other than home: the thank-you page a visitor sees after sending a
// message, and the page for addresses that do not exist.
import type { Pages } from './structs/pages.struct.ts';

export const pages: Pages = {
  thankYou: {
    eyebrow: 'Message sent',
    heading: 'Thank you, we have your message',
    paragraphs: [
      'An engineer will read it and reply within one working day, usually sooner. If your question is about a fault on an installation we support, please also call the support desk so that we can start straight away.',
      'While you wait, you may like to look at a few of our recent projects or read the answers to the questions we hear most often.',
    ],
    primaryAction: { label: 'Back to the home page', href: '/' },
    linksHeading: 'You might also like',
    links: [
      { label: 'Recent projects', href: '/#projects' },
      { label: 'Frequently asked questions', href: '/#faq' },
      { label: 'Subscribe to The Lumina Brief', href: '/#newsletter' },
    ],
  },
  notFound: {
    eyebrow: 'Error 404',
    heading: 'We could not find that page',
    paragraphs: [
      'The address may be mistyped, or the page may have moved when we rebuilt our website. Everything we do is on the home page, one scroll away.',
    ],
    primaryAction: { label: 'Go to the home page', href: '/' },
    linksHeading: 'Popular sections',
    links: [
      { label: 'Our services', href: '/#services' },
      { label: 'Recent projects', href: '/#projects' },
      { label: 'Contact details', href: '/#contact' },
    ],
  },
};
