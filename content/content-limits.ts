// The most a document may hold (README.md, "Abuse paths and the limits that stop them"): every
// text at most TEXT_MAX characters, or LONG_TEXT_MAX for text that runs to sentences (its key is
// one of LONG_TEXT's, the editor's textareas), and every document at most DOCUMENT_MAX_BYTES as
// JSON. One module for the console's editor, which states each maximum beside its field and
// says when a text is over it, and the server, which refuses a publish or a preview over any
// (content_too_long) before it checks or renders anything. Browser-safe.

/** The longest short text (a heading, a label, an address, an id), in characters. */
export const TEXT_MAX = 400;
/** The longest text that runs to sentences (a lead, an answer, a paragraph), in characters. */
export const LONG_TEXT_MAX = 4000;
/** The largest document, as JSON in UTF-8. The repository's largest is under 8 KB. */
export const DOCUMENT_MAX_BYTES = 128 * 1024;
/** The deepest a document nests (the structs nest a few levels): deeper is refused unread. */
export const DOCUMENT_MAX_DEPTH = 32;

/** Keys whose text runs to sentences: a textarea in the editor, and LONG_TEXT_MAX. */
export const LONG_TEXT = /^(text|texts|lead|intro|description|summary|body|answer|quote|message|paragraphs?|content|details?|note|bio|excerpt|story)$/i;

/** The maximum of a text under `key` (its own key, or for a list's item the list's key). */
export const textMaxOf = (key: string): number => (LONG_TEXT.test(key) ? LONG_TEXT_MAX : TEXT_MAX);

/** "Up to 400 characters.": what the editor says beside a field. No digit grouping: "4 000" is read aloud as two numbers by some screen readers. */
export const textMaxText = (max: number): string => `Up to ${max} characters.`;

/** A size as the person reads it: 131072 → "128 KB". */
export const sizeText = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** Characters as the person counts them: code points, so an emoji is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    count += 1;
  }
  return count;
}

/** A text over its maximum: the message beside its field. */
export function textOverMax(text: string, max: number): string | undefined {
  // Fewer UTF-16 units than the maximum is fewer characters too: no count needed.
  if (text.length <= max) return undefined;
  const count = characterCount(text);
  return count > max ? `Up to ${max} characters: this has ${count}.` : undefined;
}

export interface LengthProblem {
  /** The field's path as documentProblems writes it (`items[2].title`); '' for the document. */
  path: string;
  message: string;
}

/** The most problems listed: a document with more has them all said once the first are fixed. */
const PROBLEMS_SHOWN = 100;

const at = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`);

/** The document's size as JSON in UTF-8, in bytes. */
export function documentBytes(document: unknown): number {
  return new TextEncoder().encode(JSON.stringify(document) ?? '').length;
}

/**
 * Every text of `document` over its maximum, and the document itself when it is over
 * DOCUMENT_MAX_BYTES or nests deeper than DOCUMENT_MAX_DEPTH; empty when it is within them.
 * Walks any JSON (a part the editor shows as JSON too), without recursion.
 */
export function lengthProblems(document: unknown, { maxBytes = DOCUMENT_MAX_BYTES, pathPrefix = '' }: { maxBytes?: number; pathPrefix?: string } = {}): LengthProblem[] {
  const problems: LengthProblem[] = [];
  const stack: Array<{ value: unknown; path: string; key: string; depth: number }> = [{ value: document, path: pathPrefix, key: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, key, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const message = textOverMax(value, textMaxOf(key));
      if (message !== undefined && problems.push({ path, message }) >= PROBLEMS_SHOWN) break;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= DOCUMENT_MAX_DEPTH) return [{ path: pathPrefix, message: `Nested more than ${DOCUMENT_MAX_DEPTH} levels deep.` }];
      // A list's items are texts of the list's kind (the editor's listKey).
      const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [name, item] = entries[index]!;
        stack.push({ value: item, path: at(path, name), key: typeof name === 'number' ? key : name, depth: depth + 1 });
      }
    }
  }
  const bytes = documentBytes(document);
  if (bytes > maxBytes) problems.push({ path: pathPrefix, message: `A document may be up to ${sizeText(maxBytes)} as JSON: this one is ${sizeText(bytes)}.` });
  return problems;
}

/**
 * The revisions kept of each document (server/content-editor/revision-bound.ts): its newest
 * REVISIONS_KEPT, the live one among them, and besides those its newest NAMED_REVISIONS_KEPT
 * that carry a note (a person named them when publishing; a restore's note counts). Older ones
 * are deleted as new ones are published. With every document at most DOCUMENT_MAX_BYTES, the
 * store holds at most (REVISIONS_KEPT + NAMED_REVISIONS_KEPT) × DOCUMENT_MAX_BYTES a document.
 */
export const REVISIONS_KEPT = 20;
export const NAMED_REVISIONS_KEPT = 50;

/** What the editor says of the bound, beside the publish note and above the revisions. */
export const revisionsKeptText = `Each document keeps its newest ${REVISIONS_KEPT} revisions, and its newest ${NAMED_REVISIONS_KEPT} with a note; older ones are deleted as new ones are published.`;
