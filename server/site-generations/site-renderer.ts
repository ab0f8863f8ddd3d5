import type { SiteContent } from '../../content/content-documents.ts';
import type { ImageManifest } from '../../content/image-manifest.ts';

/*
 * What the live site needs from others (README.md "Live in seconds"): the renderer the build uses
 * (server/site-render/render-site.ts, the same shapes) and the content store's live revision and
 * content. Both are given to the app (buildApp's options), so tests pass their own.
 */

export type { RenderedSiteFile, SiteRenderer } from '../site-render/render-site.ts';

export interface LiveContentSource {
  /** The highest stored revision number (0 when nothing has been published). */
  liveRevision(): Promise<number>;
  /**
   * A stored revision's own random id (migration 0027): a number reused after a restore, or in
   * another database, is another revision, rendered again (generation-stamp.ts).
   */
  revisionUid(revision: number): Promise<string>;
  /** The repository's content with each document replaced by its latest stored revision. */
  readLiveContent(): Promise<SiteContent>;
  /** The pictures the content may name (the build's and the uploads); the build's when absent. */
  readImageManifest?(): Promise<ImageManifest>;
}
