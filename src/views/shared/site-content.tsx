// The content a page is rendered with (README.md, "A page's life"): the prerender and the server
// give the page's documents to <SiteContentProvider>; the browser reads the same documents from
// the JSON the page carries beside its HTML (PAGE_CONTENT_ID), so the first browser render
// matches the HTML and no copy is compiled into the JavaScript. Views read it with
// useSiteContent(), never by importing a document.
import { createContext, useContext, type ReactNode } from 'react';
import type { DocumentName, SiteContent } from '../../../content/content-documents.ts';
import { getImage, type ImageManifest, type ManifestImage } from '../../../content/image-manifest.ts';

/** The id of the page's `<script type="application/json">` holding its documents. */
export const PAGE_CONTENT_ID = 'page-content';

/** The id of the page's `<script type="application/json">` holding its pictures' manifest entries. */
export const PAGE_IMAGES_ID = 'page-images';

/** The documents a page carries: the ones its route uses (src/views/app.tsx, routeDocuments). */
export type PageContent = Partial<SiteContent>;

const SiteContentContext = createContext<PageContent | null>(null);
const PageImagesContext = createContext<ImageManifest | null>(null);

/**
 * `images`: the image manifest's entries for the pictures the documents name (imagesNamedIn of
 * content/image-manifest.ts), the build's and those uploaded in the console alike.
 */
export function SiteContentProvider({ content, images, children }: { content: PageContent; images: ImageManifest; children: ReactNode }) {
  return (
    <SiteContentContext value={content}>
      <PageImagesContext value={images}>{children}</PageImagesContext>
    </SiteContentContext>
  );
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

/** The page's pictures: `picture(key)` is its manifest entry; `manifest` gives srcSet and variantUrl their base path. */
export function usePageImages(): { manifest: ImageManifest; picture: (key: string) => ManifestImage } {
  const manifest = useContext(PageImagesContext);
  if (manifest === null) throw new Error('usePageImages() outside <SiteContentProvider>: render the page with its pictures');
  return { manifest, picture: (key) => getImage(key, manifest) };
}

/** The page's documents as JSON for a `<script type="application/json">`: `<` escaped, so no `</script>` ends it early. */
export function pageContentJson(content: PageContent | ImageManifest): string {
  return JSON.stringify(content).replace(/</g, '\\u003c');
}

/** The documents of `names`, from the whole site's content. */
export function pickDocuments(content: SiteContent, names: readonly DocumentName[]): PageContent {
  return Object.fromEntries(names.map((name) => [name, content[name]]));
}

/**
 * What a page carries for hydration, read back from its HTML (the browser's document, or a parsed
 * built page in tests): its documents and its pictures' manifest entries.
 */
export function carriedPageData(page: Pick<Document, 'getElementById'>): { content: PageContent; images: ImageManifest } {
  const read = (id: string) => {
    const text = page.getElementById(id)?.textContent;
    if (!text) throw new Error(`The page has no #${id}: it was not rendered by the site renderer`);
    return JSON.parse(text) as unknown;
  };
  return { content: read(PAGE_CONTENT_ID) as PageContent, images: read(PAGE_IMAGES_ID) as ImageManifest };
}
