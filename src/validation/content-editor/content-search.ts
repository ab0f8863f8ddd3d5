// Finding a text in the site's content, and replacing it everywhere (README.md, "Editing the
// site": find and replace). Written once for the server, which searches the live documents and
// publishes the replacement, and for the console, which shows each place. Pure and browser-safe.
//
// What is searched: every text of a document (headings, paragraphs, links, addresses, a form's
// hints), compared without regard to capitals. What is not: the names the site joins things by
// (`id`, a picture's `key`), which are not words a visitor reads and which other documents refer
// to, and the parts only the repository sets (repository-only-parts.ts), which the console never
// changes. A replacement is plain text: every place found, exactly as listed, gets it.
import type { DocumentName } from '../../../content/document-names.ts';
import { NOTE_MAX } from './content-editor.protocol.ts';
import { pathText } from './document-problems.ts';
import { isRepositoryOnlyPart } from './repository-only-parts.ts';

/** The most places an answer lists (the count says how many there are). */
export const SEARCH_PLACES_MAX = 500;
/** Characters shown either side of a place. */
export const SEARCH_AROUND = 40;

/** Object keys whose text names something the site joins by, never searched or replaced. */
const IDENTIFIER_KEYS: ReadonlySet<string> = new Set(['id', 'key']);

export interface TextPlace {
  /** The field, as documentProblems names it (`offices[0].phone`). */
  path: string;
  /** Up to SEARCH_AROUND characters before the match (with "…" where the field goes on). */
  before: string;
  /** The text as it is written there (its own capitals). */
  match: string;
  after: string;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every occurrence of `text` in a string, without regard to capitals. */
const finder = (text: string) => new RegExp(escaped(text), 'giu');

type Path = ReadonlyArray<string | number>;

/** Each text of `document` the search reads, with its path (identifiers and repository-only parts left out). */
function* textsOf(name: DocumentName, document: unknown): Generator<[Path, string]> {
  function* walk(value: unknown, path: Path): Generator<[Path, string]> {
    if (isRepositoryOnlyPart(name, path, document, document)) return;
    if (typeof value === 'string') {
      yield [path, value];
      return;
    }
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) yield* walk(item, [...path, index]);
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) if (!IDENTIFIER_KEYS.has(key)) yield* walk(item, [...path, key]);
    }
  }
  yield* walk(document, []);
}

const around = (text: string, from: number, to: number): [string, string] => {
  const start = Math.max(0, from - SEARCH_AROUND);
  const end = Math.min(text.length, to + SEARCH_AROUND);
  return [`${start > 0 ? '…' : ''}${text.slice(start, from)}`, `${text.slice(to, end)}${end < text.length ? '…' : ''}`];
};

/** Every place `text` is in `document`, in the document's order; the first `limit` of them. */
export function placesIn(name: DocumentName, document: unknown, text: string, limit = Number.POSITIVE_INFINITY): TextPlace[] {
  if (text === '') return [];
  const places: TextPlace[] = [];
  for (const [path, value] of textsOf(name, document)) {
    for (const found of value.matchAll(finder(text))) {
      if (places.length >= limit) return places;
      const [before, after] = around(value, found.index, found.index + found[0].length);
      places.push({ path: pathText(path), before, match: found[0], after });
    }
  }
  return places;
}

/** How many places `text` is in `document` (placesIn's count, without building them). */
export function countPlacesIn(name: DocumentName, document: unknown, text: string): number {
  if (text === '') return 0;
  let count = 0;
  for (const [, value] of textsOf(name, document)) for (const _found of value.matchAll(finder(text))) count += 1;
  return count;
}

/** `document` with every place of `text` (as placesIn finds them) replaced by `replacement`, and how many. */
export function replacedIn(name: DocumentName, document: unknown, text: string, replacement: string): { document: unknown; count: number } {
  if (text === '') return { document, count: 0 };
  let count = 0;
  const changes = new Map<string, string>();
  for (const [path, value] of textsOf(name, document)) {
    const next = value.replace(finder(text), () => {
      count += 1;
      // A function, so a `$` in the replacement is written as it is.
      return replacement;
    });
    if (next !== value) changes.set(JSON.stringify(path), next);
  }
  if (count === 0) return { document, count };
  const rebuild = (value: unknown, path: Path): unknown => {
    const changed = changes.get(JSON.stringify(path));
    if (changed !== undefined) return changed;
    if (Array.isArray(value)) return value.map((item, index) => rebuild(item, [...path, index]));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rebuild(item, [...path, key])]));
    return value;
  };
  return { document: rebuild(document, []), count };
}

/** The text a place reads after the replacement (what the console's preview shows). */
export const placeAfter = (place: TextPlace, replacement: string): string => `${place.before}${replacement}${place.after}`;

/** The revisions' note when the owner writes none. */
export const replaceNote = (text: string, replacement: string): string =>
  (replacement === '' ? `Removed \u201c${text}\u201d everywhere` : `Replaced \u201c${text}\u201d with \u201c${replacement}\u201d everywhere`).slice(0, NOTE_MAX);
