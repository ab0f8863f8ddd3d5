// A view as the page renders it: inside <SiteContentProvider> with the repository's content
// (or the documents a test gives) and the build's pictures, as the prerender and the browser do
// (README.md, "A page's life").
import type { ReactElement } from 'react';
import { imageManifest } from '../../content/image-manifest.ts';
import { SiteContentProvider, type PageContent } from '../../src/views/shared/site-content.tsx';
import { siteContent } from './site-content.ts';

export function withSiteContent(element: ReactElement, content: PageContent = siteContent): ReactElement {
  return <SiteContentProvider content={content} images={imageManifest}>{element}</SiteContentProvider>;
}

/** A wrapper for Testing Library's render({ wrapper }). */
export function SiteContentWrapper({ children }: { children: ReactElement }) {
  return withSiteContent(children);
}
