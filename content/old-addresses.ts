// The old WordPress site's addresses and where each went: the server answers a moved one with a
// 301 to its new place and a gone one with 410 Gone; every other unknown address gets the 404
// page (README.md, "The old WordPress addresses"). `npm run build` checks that every new place
// exists: a prerendered page, and the element its `#id` names on it.
//   from: "/slug/" (with or without its last slash), "/folder/*" (the folder and all below it),
//         or "/?name=value" (WordPress's plain links: ?p= a post, ?page_id= a page)
//   to:   a path of this site ("/#contact", "/projects/riverside-atrium/"); or gone: true
// The company is fictional (content/company.ts); so are the old post ids below.
import type { OldAddresses } from './structs/old-addresses.struct.ts';

export const oldAddresses: OldAddresses = [
  // The old site's pages, by their slugs, now sections of the home page.
  { from: '/about-us/', to: '/#about' },
  { from: '/services/', to: '/#services' },
  { from: '/our-process/', to: '/#process' },
  { from: '/projects/', to: '/#projects' },
  { from: '/gallery/', to: '/#gallery' },
  { from: '/faq/', to: '/#faq' },
  { from: '/contact-us/', to: '/#contact' },
  { from: '/privacy-policy/', to: '/privacy/' },
  // The same pages by WordPress's plain links (their ids are content/seo.ts's postId).
  { from: '/?page_id=7', to: '/' },
  { from: '/?page_id=1318', to: '/thank-you/' },
  // The old project posts, by their plain links, now project pages.
  { from: '/?p=123', to: '/projects/riverside-atrium/' },
  { from: '/?p=131', to: '/projects/n1-gateway-billboard/' },
  { from: '/?p=137', to: '/projects/metro-traffic-centre/' },
  { from: '/?p=142', to: '/projects/pharmacy-network/' },
  { from: '/?p=150', to: '/projects/stadium-perimeter/' },
  { from: '/?p=158', to: '/projects/rooftop-structure/' },
  // Feeds and archives: nothing replaces them, so feed readers and search engines drop them.
  { from: '/feed/*', gone: true },
  { from: '/comments/feed/*', gone: true },
  { from: '/?feed=rss2', gone: true },
  { from: '/category/*', gone: true },
  { from: '/tag/*', gone: true },
  { from: '/author/*', gone: true },
];
