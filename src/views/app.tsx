// The app shell: the skip link, the header, the page for the current path, the footer and the
// back-to-top button. The prerender (src/entry-server.tsx) and the browser (src/main.tsx) both
// choose the page with resolveRoute from the same path, so hydration always matches.
import type { ComponentType } from 'react';
import { BackToTop } from './back-to-top.view.tsx';
import { HomePage } from './pages/home.page.tsx';
import { NotFoundPage } from './pages/not-found.page.tsx';
import { ThankYouPage } from './pages/thank-you.page.tsx';
import { SiteFooterSection } from './sections/site-footer.section.tsx';
import { SiteHeaderSection } from './sections/site-header.section.tsx';

export type RouteName = 'home' | 'thankYou' | 'notFound';

/** Paths of the pages, as the server serves them (a directory with its index.html). */
export const routePaths: Readonly<Record<string, RouteName>> = {
  '/': 'home',
  '/thank-you/': 'thankYou',
};

const pages: Record<RouteName, ComponentType> = {
  home: HomePage,
  thankYou: ThankYouPage,
  notFound: NotFoundPage,
};

/** "/thank-you", "/thank-you/" and "/thank-you/index.html" are the same page; anything unknown is the 404. */
export function resolveRoute(pathname: string): RouteName {
  let path = pathname.replace(/\/index\.html$/, '/');
  if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) path += '/';
  return routePaths[path] ?? 'notFound';
}

export function App({ path }: { path: string }) {
  const Page = pages[resolveRoute(path)];
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeaderSection />
      <main id="main" tabIndex={-1}>
        <Page />
      </main>
      <SiteFooterSection />
      <BackToTop />
    </>
  );
}
