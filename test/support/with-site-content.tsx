// A view as the page renders it: inside <SiteContentProvider> with the repository's content
// (or the documents a test gives), as the prerender and the browser do (README.md, "A page's life").
import type { ReactElement } from 'react';
import { SiteContentProvider, type PageContent } from '../../src/views/shared/site-content.tsx';
import { siteContent } from './site-content.ts';

export function withSiteContent(element: ReactElement, content: PageContent = siteContent): ReactElement {
  return <SiteContentProvider content={content}>{element}</SiteContentProvider>;
}

/** A wrapper for Testing Library's render({ wrapper }). */
export function SiteContentWrapper({ children }: { children: ReactElement }) {
  return withSiteContent(children);
}
