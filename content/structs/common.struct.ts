// Building blocks shared by the content structs. Refinements carry their own messages so a
// failed build says what was expected, not only that something was wrong.
import { object, pattern, refine, string, type Infer } from 'superstruct';

/** Copy that must say something: an empty or blank string is a content bug. */
export const Text = refine(string(), 'Text', (value) =>
  value.trim().length > 0 ? true : 'Expected a non-empty string, but received an empty one',
);

/** An absolute https URL (social profiles, maps links, the canonical base). */
export const HttpsUrl = refine(string(), 'HttpsUrl', (value) => {
  try {
    return new URL(value).protocol === 'https:' ? true : `Expected an https URL, but received: "${value}"`;
  } catch {
    return `Expected an absolute URL, but received: "${value}"`;
  }
});

/** Links inside the site: a section anchor of the home page ("/#about") or a site path ("/thank-you/"). */
export const SiteHref = pattern(string(), /^\/([a-z0-9-]+\/)*(#[a-z0-9-]+)?$/);

export const Email = pattern(string(), /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i);

/** South African numbers in international form, spaces allowed for readability: "+27 11 568 4100". */
export const PhoneNumber = pattern(string(), /^\+27( ?\d){9}$/);

/** A picture from content/images, by file name without extension, with its alternative text. */
export const ImageRef = object({
  key: pattern(string(), /^[a-z0-9-]+$/),
  alt: Text,
});
export type ImageRef = Infer<typeof ImageRef>;

export const Link = object({
  label: Text,
  href: SiteHref,
});
export type Link = Infer<typeof Link>;
