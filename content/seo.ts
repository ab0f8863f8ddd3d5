// What search engines and social networks show for each page.
import type { Seo } from './structs/seo.struct.ts';

export const seo: Seo = {
  baseUrl: 'https://www.luminadisplay.co.za',
  siteName: 'Lumina Display Engineering',
  locale: 'en_ZA',
  shareImage: {
    key: 'hero-led-wall',
    alt: 'A curved LED video wall glowing in blue and magenta above a dark auditorium stage',
  },
  pages: {
    home: {
      title: 'LED Video Walls & Digital Signage in South Africa | Lumina',
      description:
        'Lumina Display Engineering designs, installs and maintains LED video walls, digital signage and control-room displays across South Africa.',
      path: '/',
      postId: 7,
    },
    thankYou: {
      title: 'Thank you for your message | Lumina Display Engineering',
      description:
        'Your message has reached Lumina Display Engineering. An engineer will reply within one working day.',
      path: '/thank-you/',
      noindex: true,
      postId: 1318,
    },
    notFound: {
      title: 'Page not found | Lumina Display Engineering',
      description:
        'The page you were looking for does not exist. Find our LED walls, digital signage and engineering services on the home page.',
      path: '/404.html',
      noindex: true,
    },
    newsletterConfirmed: {
      title: 'Subscription confirmed | Lumina Display Engineering',
      description: 'Your subscription to The Lumina Brief, the quarterly newsletter of Lumina Display Engineering, is confirmed.',
      path: '/newsletter/confirmed/',
      noindex: true,
    },
    newsletterUnsubscribed: {
      title: 'Unsubscribed | Lumina Display Engineering',
      description: 'Your address has been removed from The Lumina Brief, the newsletter of Lumina Display Engineering.',
      path: '/newsletter/unsubscribed/',
      noindex: true,
    },
    newsletterLinkExpired: {
      title: 'Link expired | Lumina Display Engineering',
      description: 'The newsletter link you followed has expired. Subscribe again on the Lumina Display Engineering home page.',
      path: '/newsletter/link-expired/',
      noindex: true,
    },
    privacy: {
      title: 'Privacy notice | Lumina Display Engineering',
      description:
        'What Lumina Display Engineering collects through this website, why, who receives it, how long it is kept and how to ask for it or have it erased (POPIA).',
      path: '/privacy/',
    },
    accessibility: {
      title: 'Accessibility statement | Lumina Display Engineering',
      description: 'How the Lumina Display Engineering website meets WCAG 2.2 AA, how it is tested, its known limits and how to report a barrier.',
      path: '/accessibility/',
    },
  },
};
