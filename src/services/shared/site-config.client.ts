// The site's public browser configuration (`GET /wp-json/site/v1/config`): the keys of outside
// services (reCAPTCHA, Google Maps) and the server's switches for pages (click counts on links)
// that reach the browser at run time, so they can change without a rebuild and no cacheable
// HTML carries a key.
import ky from 'ky';

export interface SiteConfig {
  recaptchaSiteKey: string | null;
  googleMapsApiKey: string | null;
  /** MAP_LOAD: Google Maps loads on the visitor's click (`click`) or when its section comes near (`visible`). */
  mapLoad: 'click' | 'visible';
  /** lightGallery's commercial licence key; null: the gallery runs under its GPLv3 key. */
  lightGalleryLicenseKey: string | null;
  /** CLICK_COUNTS: pages show how often each of their links was followed. */
  clickCounts: boolean;
}

/** Where the site's REST API lives (WordPress's `wp-json`), on the page's own origin. */
export const SITE_REST_ROOT = '/wp-json/';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Reads the configuration; a missing or malformed key is `null`, a switch `false` (the feature stays off). */
export async function fetchSiteConfig(root: string = SITE_REST_ROOT, options: { signal?: AbortSignal; fetch?: typeof fetch } = {}): Promise<SiteConfig> {
  // Absolute against the page: a Request outside a browser (tests, workers) needs a full URL.
  const base = typeof location === 'undefined' ? root : new URL(root, location.href).href;
  const answer: unknown = await ky
    .get('site/v1/config', { prefix: base, headers: { Accept: 'application/json' }, signal: options.signal, ...(options.fetch ? { fetch: options.fetch } : {}) })
    .json();
  const config = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  return {
    recaptchaSiteKey: text(config.recaptchaSiteKey),
    googleMapsApiKey: text(config.googleMapsApiKey),
    // Anything else (an older server) is the default: nothing loads before the visitor asks.
    mapLoad: config.mapLoad === 'visible' ? 'visible' : 'click',
    lightGalleryLicenseKey: text(config.lightGalleryLicenseKey),
    clickCounts: config.clickCounts === true,
  };
}
