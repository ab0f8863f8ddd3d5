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
  newsletterConfirmed: {
    eyebrow: 'The Lumina Brief',
    heading: 'Your subscription is confirmed',
    paragraphs: [
      'Thank you for confirming your address. The next issue of The Lumina Brief will reach your inbox at the start of the coming quarter.',
      'Every issue has a link to unsubscribe, and we never share your address.',
    ],
    primaryAction: { label: 'Back to the home page', href: '/' },
    linksHeading: 'While you wait',
    links: [
      { label: 'Recent projects', href: '/#projects' },
      { label: 'Frequently asked questions', href: '/#faq' },
    ],
  },
  newsletterUnsubscribed: {
    eyebrow: 'The Lumina Brief',
    heading: 'You are unsubscribed',
    paragraphs: [
      'We will not send The Lumina Brief to this address again. If you change your mind, you can subscribe again on the home page at any time.',
      'We keep the record of your consent and of its withdrawal, as proof that this address once agreed and then withdrew. To have that erased too, write to our Information Officer at privacy@luminadisplay.co.za; our privacy notice says how.',
    ],
    primaryAction: { label: 'Back to the home page', href: '/' },
    linksHeading: 'Still looking for something?',
    links: [
      { label: 'Privacy notice', href: '/privacy/' },
      { label: 'Our services', href: '/#services' },
      { label: 'Contact details', href: '/#contact' },
    ],
  },
  newsletterLinkExpired: {
    eyebrow: 'The Lumina Brief',
    heading: 'This link has expired',
    paragraphs: [
      'The link you followed is no longer valid: it may be old, or it was already used. Nothing has been changed.',
      'To subscribe, fill in the form on the home page again and we will send you a new confirmation link.',
    ],
    primaryAction: { label: 'Subscribe on the home page', href: '/#newsletter' },
    linksHeading: 'Other places to go',
    links: [
      { label: 'Home page', href: '/' },
      { label: 'Contact details', href: '/#contact' },
    ],
  },
};
