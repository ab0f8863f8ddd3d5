import { array, literal, object, optional, refine, string, type Infer } from 'superstruct';

/** A path segment as WordPress wrote its slugs and files. */
const SEGMENT = '[A-Za-z0-9._~%-]+';
/** `/contact-us/`, `/category/*` (that folder and everything below it), `/?p=123` (one query parameter). */
const OLD_ADDRESS = new RegExp(`^/(?:${SEGMENT}/)*(?:${SEGMENT})?(?:\\*|\\?[a-z_]+=${SEGMENT})?$`);
/** A path of this site, with an optional query and an optional element id: `/#contact`, `/projects/x/`. */
const NEW_PLACE = /^\/(?!\/)[^\s?#]*(\?[^\s#]+)?(#[A-Za-z][\w-]*)?$/;

const OldAddress = refine(string(), 'OldAddress', (value) =>
  OLD_ADDRESS.test(value) && !/\/\*.|[^/]\*/.test(value)
    ? true
    : `Expected an old address like "/contact-us/", "/category/*" or "/?p=123", but received: "${value}"`,
);
const NewPlace = refine(string(), 'NewPlace', (value) =>
  NEW_PLACE.test(value) ? true : `Expected a path of this site like "/#contact" or "/projects/riverside-atrium/", but received: "${value}"`,
);

/**
 * One address of the old WordPress site: moved (301 to `to`) or gone (410). The server answers
 * them (README.md, "The old WordPress addresses"); the build checks every `to` exists.
 */
export const OldAddressRowStruct = refine(object({ from: OldAddress, to: optional(NewPlace), gone: optional(literal(true)) }), 'OldAddressRow', (row) =>
  (row.to === undefined) !== (row.gone === undefined) ? true : `Expected either "to" (moved) or "gone: true", but ${row.from} has ${row.to === undefined ? 'neither' : 'both'}`,
);
export const OldAddressesStruct = array(OldAddressRowStruct);

export type OldAddressRow = Infer<typeof OldAddressRowStruct>;
export type OldAddresses = Infer<typeof OldAddressesStruct>;

/** What a row's `from` matches: one path, every path under a folder, or one query parameter's value on a path. */
export type OldAddressPattern =
  | { kind: 'path'; path: string }
  | { kind: 'folder'; folder: string }
  | { kind: 'query'; path: string; name: string; value: string };

/** `/contact-us/` → path; `/category/*` → folder `/category/`; `/?p=123` → query p=123 on `/`. */
export function parseOldAddress(from: string): OldAddressPattern {
  if (from.endsWith('/*')) return { kind: 'folder', folder: from.slice(0, -1) };
  const query = from.indexOf('?');
  if (query === -1) return { kind: 'path', path: from };
  const [name = '', value = ''] = from.slice(query + 1).split('=');
  return { kind: 'query', path: from.slice(0, query), name, value };
}
