// The app shell: the skip link, the header, the page for the current path, the footer and the
// back-to-top button. The prerender (src/entry-server.tsx) and the browser (src/main.tsx) both
// choose the page with resolveRoute from the same path, so hydration always matches.
import { Suspense, type ComponentType } from 'react';
import { lazyPart } from './shared/lazy-part.ts';
import type { DocumentName, SiteContent } from '../../content/content-documents.ts';
import { homeSectionIds } from '../../content/index.ts';
import { SECTION } from '../../content/section-ids.ts';
import { BackToTop } from './theme/back-to-top.view.tsx';
import { MotionEffects } from './theme/motion-effects.view.tsx';
import { MenuScroll } from './theme/menu-scroll.view.tsx';
import { PageAddressContext } from './shared/page-address.ts';
import { useSiteContent } from './shared/site-content.tsx';
import { PROJECT_STORY_ID, projectSlugOf } from '../services/projects/project-path.service.ts';
import { HomePage } from './pages/home.page.tsx';
import { SiteHeaderSection } from './sections/site-header.section.tsx';
// After the other views: imported first, TypeScript checked its machine's types before theirs
// and then inferred AnyStateMachine for several model tests (a variance quirk of its checker).
import { DeferredSection } from './theme/deferred-section.view.tsx';
// The link count bubbles' few rules go with the page's own stylesheet: the click tracking chunk
// renders nothing, and a chunk's CSS would be a second stylesheet request on every page.

// Everything but the header and the home page's first screen is a chunk of its own: the other
// pages and the footer (below the fold everywhere). The prerender waits for them, so every page's
// HTML is complete; the browser hydrates each part when its chunk arrives.
const ThankYouPage = lazyPart(() => import('./pages/thank-you.page.tsx').then((module) => ({ default: module.ThankYouPage })));
const NotFoundPage = lazyPart(() => import('./pages/not-found.page.tsx').then((module) => ({ default: module.NotFoundPage })));
const NewsletterConfirmedPage = lazyPart(() =>
  import('./pages/newsletter-pages.page.tsx').then((module) => ({ default: module.NewsletterConfirmedPage })),
);
const NewsletterUnsubscribedPage = lazyPart(() =>
  import('./pages/newsletter-pages.page.tsx').then((module) => ({ default: module.NewsletterUnsubscribedPage })),
);
const NewsletterLinkExpiredPage = lazyPart(() =>
  import('./pages/newsletter-pages.page.tsx').then((module) => ({ default: module.NewsletterLinkExpiredPage })),
);
const PrivacyPage = lazyPart(() => import('./privacy/privacy.page.tsx').then((module) => ({ default: module.PrivacyPage })));
const AccessibilityPage = lazyPart(() => import('./privacy/accessibility.page.tsx').then((module) => ({ default: module.AccessibilityPage })));
// A project's page: its story and pictures travel in this chunk only (the home page's popup
// loads them from the page itself).
const ProjectPage = lazyPart(() => import('./pages/project.page.tsx').then((module) => ({ default: module.ProjectPage })));
// The slide-in contact panel: no HTML of its own before scripts run, its code a chunk of its own.
const SidebarContact = lazyPart(() => import('./sidebar-form/sidebar-contact.view.tsx'));
// Track The Click: renders nothing; it sends a beacon per followed link and shows link counts.
const ClickTracking = lazyPart(() => import('./click-tracking/click-tracking.view.tsx'));
const SiteFooterSection = lazyPart(() =>
  import('./sections/site-footer.section.tsx').then((module) => ({ default: module.SiteFooterSection })),
);

export type RouteName = 'home' | 'thankYou' | 'notFound' | 'newsletterConfirmed' | 'newsletterUnsubscribed' | 'newsletterLinkExpired' | 'privacy' | 'accessibility' | 'project';

/** Paths of the pages, as the server serves them (a directory with its index.html). */
export const routePaths: Readonly<Record<string, RouteName>> = {
  '/': 'home',
  '/thank-you/': 'thankYou',
  '/newsletter/confirmed/': 'newsletterConfirmed',
  '/newsletter/unsubscribed/': 'newsletterUnsubscribed',
  '/newsletter/link-expired/': 'newsletterLinkExpired',
  '/privacy/': 'privacy',
  '/accessibility/': 'accessibility',
};

/** The page id Track The Click names a page by (content's postId; 0 for a project page and a page without one). */
export const postIdOf = (seo: SiteContent['seo'], route: RouteName): number => (route === 'project' ? 0 : (seo.pages[route].postId ?? 0));

/** What every page shows: the header, the footer, the contact panel, the click beacon's page id. */
const everyPageDocuments: readonly DocumentName[] = ['site', 'navigation', 'company', 'footer', 'newsletterForms', 'sidebarContact', 'seo'];

/**
 * The documents each page renders with and carries beside its HTML for hydration (README.md,
 * "A page's life"): only what the route's views read, so the short pages stay lean. The
 * prerender renders with exactly these, so a view that reads another document fails the build
 * (src/views/shared/site-content.tsx).
 */
export const routeDocuments: Record<RouteName, readonly DocumentName[]> = {
  // Not the structs (they would bring superstruct into the page's JavaScript): the sections by name.
  home: [
    ...everyPageDocuments,
    ...(['hero', 'about', 'services', 'process', 'projects', 'clients', 'gallery', 'videos', 'counters', 'testimonials', 'upcoming', 'faq', 'newsletter', 'contact', 'map'] as const),
    'contactForm',
  ],
  thankYou: [...everyPageDocuments, 'pages'],
  notFound: [...everyPageDocuments, 'pages'],
  newsletterConfirmed: [...everyPageDocuments, 'pages'],
  newsletterUnsubscribed: [...everyPageDocuments, 'pages'],
  newsletterLinkExpired: [...everyPageDocuments, 'pages'],
  privacy: [...everyPageDocuments, 'privacy'],
  accessibility: [...everyPageDocuments, 'privacy'],
  project: [...everyPageDocuments, 'projects', 'projectPages'],
};

/** A page gets its path (the project page finds its project there). */
const pages: Record<RouteName, ComponentType<{ path: string }>> = {
  home: HomePage,
  thankYou: ThankYouPage,
  notFound: NotFoundPage,
  newsletterConfirmed: NewsletterConfirmedPage,
  newsletterUnsubscribed: NewsletterUnsubscribedPage,
  newsletterLinkExpired: NewsletterLinkExpiredPage,
  privacy: PrivacyPage,
  accessibility: AccessibilityPage,
  project: ProjectPage,
};

/**
 * "/thank-you", "/thank-you/" and "/thank-you/index.html" are the same page; anything unknown is
 * the 404. Every `/projects/{slug}/` is the project route: the server answers an unknown slug
 * with the 404 page, which the project page renders the same for a slug it does not know.
 */
export function resolveRoute(pathname: string): RouteName {
  let path = pathname.replace(/\/index\.html$/, '/');
  if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) path += '/';
  return routePaths[path] ?? (projectSlugOf(path) === undefined ? 'notFound' : 'project');
}

/** The sections a page has, by id: links to them scroll smoothly (the home page's only). */
const pageSectionIds: Record<RouteName, readonly string[]> = {
  home: homeSectionIds,
  thankYou: [],
  notFound: [],
  newsletterConfirmed: [],
  newsletterUnsubscribed: [],
  newsletterLinkExpired: [],
  privacy: [],
  accessibility: [],
  project: [],
};

/**
 * The element that follows each page's first screen. The page's head asks Chromium to hold its
 * first paint until this element is parsed (`<link rel="expect" blocking="render">`): a paint of
 * half the header or half the hero, taken while the HTML is still arriving or the parser yields,
 * moves when the rest arrives (the hero's text is centred; the menu toggle narrows the brand).
 * Chromium lets the paint go as soon as the element starts (the standard says once it is whole),
 * so the link names what comes after the first screen: the section after the hero on the home
 * page, the footer after the short pages' <main>, the story after a project page's heading and
 * picture.
 */
export const afterFirstScreenIds: Record<RouteName, string> = {
  home: 'about',
  thankYou: 'footer',
  notFound: 'footer',
  newsletterConfirmed: 'footer',
  newsletterUnsubscribed: 'footer',
  newsletterLinkExpired: 'footer',
  privacy: 'footer',
  accessibility: 'footer',
  project: PROJECT_STORY_ID,
};

export interface AppProps {
  path: string;
  /** The query string (`?category=control-room`), with its `?`. */
  search?: string;
}

export function App({ path, search = '' }: AppProps) {
  const { site, seo } = useSiteContent();
  const route = resolveRoute(path);
  const Page = pages[route];
  const sectionIds = pageSectionIds[route];
  // <MenuScroll> renders no element: it gives every <SectionLink> on the page the menuScroll
  // machine, which lands sections below the header (or at the top in the left-navbar layout).
  return (
    <PageAddressContext value={{ path, search }}>
    <MenuScroll sectionIds={sectionIds} layout={site.menu.layout}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeaderSection sectionIds={sectionIds} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <Page path={path} />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <DeferredSection sectionId={SECTION.footer}>
          <SiteFooterSection />
        </DeferredSection>
      </Suspense>
      <BackToTop />
      <Suspense fallback={null}>
        <SidebarContact />
      </Suspense>
      <MotionEffects />
      <Suspense fallback={null}>
        <ClickTracking postId={postIdOf(seo, route)} />
      </Suspense>
    </MenuScroll>
    </PageAddressContext>
  );
}
