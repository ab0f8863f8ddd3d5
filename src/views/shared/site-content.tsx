// The content a page is rendered with (README.md, "A page's life"): the prerender and the server
// give the page's documents to <SiteContentProvider>; the browser reads the same documents from
// the JSON the page carries beside its HTML (PAGE_CONTENT_ID), so the first browser render
// matches the HTML and no copy is compiled into the JavaScript. Views read it with
// useSiteContent(), never by importing a document.
import { createContext, useContext, type ReactNode } from 'react';
import type { DocumentName, SiteContent } from '../../../content/content-documents.ts';

/** The id of the page's `<script type="application/json">` holding its documents. */
export const PAGE_CONTENT_ID = 'page-content';

/** The documents a page carries: the ones its route uses (src/views/app.tsx, routeDocuments). */
export type PageContent = Partial<SiteContent>;

const SiteContentContext = createContext<PageContent | null>(null);

export function SiteContentProvider({ content, children }: { content: PageContent; children: ReactNode }) {
  return <SiteContentContext value={content}>{children}</SiteContentContext>;
}

/**
 * The page's documents. A document the page does not carry throws with its name, so a view that
 * starts using a new document fails the prerender (which renders with the same documents the
 * page carries) instead of rendering `undefined` in the browser.
 */
export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  if (content === null) throw new Error('useSiteContent() outside <SiteContentProvider>: render the page with its content');
  return new Proxy(content as SiteContent, {
    get(target, name) {
      const value = Reflect.get(target, name) as unknown;
      if (value === undefined && typeof name === 'string') {
        throw new Error(`The page's content has no document "${name}": add it to the route's documents (src/views/app.tsx, routeDocuments)`);
      }
      return value;
    },
  });
}

/** The page's documents as JSON for a `<script type="application/json">`: `<` escaped, so no `</script>` ends it early. */
export function pageContentJson(content: PageContent): string {
  return JSON.stringify(content).replace(/</g, '\\u003c');
}

/** The documents of `names`, from the whole site's content. */
export function pickDocuments(content: SiteContent, names: readonly DocumentName[]): PageContent {
  return Object.fromEntries(names.map((name) => [name, content[name]]));
}
