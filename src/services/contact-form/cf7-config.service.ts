// Contact Form 7's page configuration (the `wpcf7` object WordPress prints into every page):
// where the REST API lives and whether the page may be served from a cache. The site cannot
// print it inline (the Content-Security-Policy refuses inline scripts): the view passes the
// site's own configuration below, or whatever configuration a page gives it.
import { CONTACT_FORM_API } from '../../validation/contact-form/index.ts';

export interface Wpcf7Api {
  /** The REST root, e.g. `/wp-json/`; always ends with a slash. */
  root: string;
  /** The plugin's namespace below the root, `contact-form-7/v1`. */
  namespace: string;
}

export interface Wpcf7Config {
  api: Wpcf7Api;
  /** The page can come from a cache: per-visitor parts (quiz, captcha) are refilled on load. */
  cached: boolean;
}

/** The console messages of Contact Form 7's client, word for word. */
export const MISSING_WPCF7 = 'wpcf7 is not defined.';
export const MISSING_WPCF7_API = 'wpcf7.api is not defined.';

export type Wpcf7ConfigResult = { ok: true; config: Wpcf7Config } | { ok: false; problem: typeof MISSING_WPCF7 | typeof MISSING_WPCF7_API };

/**
 * This site's configuration: the API on the same origin, and every page prerendered (cached).
 * The same value on the server and in the browser, so hydration sees the same form.
 */
export const siteWpcf7 = {
  api: CONTACT_FORM_API,
  cached: 1,
} as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Reads a `wpcf7` object the way Contact Form 7 does: it needs the object and its `api`. */
export function readWpcf7Config(source: unknown): Wpcf7ConfigResult {
  if (!isObject(source)) return { ok: false, problem: MISSING_WPCF7 };
  const { api, cached } = source;
  if (!isObject(api) || typeof api.root !== 'string') return { ok: false, problem: MISSING_WPCF7_API };
  const root = api.root.endsWith('/') ? api.root : `${api.root}/`;
  const namespace = typeof api.namespace === 'string' && api.namespace !== '' ? api.namespace : CONTACT_FORM_API.namespace;
  return { ok: true, config: { api: { root, namespace: namespace.replace(/^\/+|\/+$/g, '') }, cached: Boolean(cached) } };
}
