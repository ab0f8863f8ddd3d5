import { boolean, integer, max, min, object, optional, pattern, size, string, type Infer } from 'superstruct';
import { HttpsUrl, ImageRef, Text } from './common.struct.ts';

const PageMeta = object({
  /** The document title: search engines show about 60 characters. */
  title: size(Text, 10, 70),
  /** The meta description: search engines show about 160 characters. */
  description: size(Text, 50, 170),
  /** Path of the page below the base URL, used for the canonical link and og:url. */
  path: pattern(string(), /^\/(([a-z0-9-]+\/)+|[a-z0-9-]+\.html)?$/),
  /** Pages that must not be indexed (thank-you, 404). */
  noindex: optional(boolean()),
  /**
   * The page's WordPress post id, kept so Track The Click's links and hits carry over (its
   * beacon sends it as `postID`); a page without one is tracked by its URL (postID 0).
   */
  postId: optional(max(min(integer(), 1), 2_147_483_647)),
});

export const SeoStruct = object({
  /** Canonical origin, no trailing slash. */
  baseUrl: pattern(HttpsUrl, /^https:\/\/[^/]+$/),
  siteName: Text,
  /** Open Graph locale. */
  locale: pattern(string(), /^[a-z]{2}_[A-Z]{2}$/),
  /** The picture shared on social networks. */
  shareImage: ImageRef,
  pages: object({
    home: PageMeta,
    thankYou: PageMeta,
    notFound: PageMeta,
    newsletterConfirmed: PageMeta,
    newsletterUnsubscribed: PageMeta,
    newsletterLinkExpired: PageMeta,
    privacy: PageMeta,
    accessibility: PageMeta,
  }),
});

export type Seo = Infer<typeof SeoStruct>;
export type PageMeta = Infer<typeof PageMeta>;
