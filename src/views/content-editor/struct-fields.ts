// How the editor draws a document's field, read from its superstruct struct's public fields
// (`type`, `schema`) and by asking the struct about sample values (README.md, "Editing the
// site"): objects and lists recursively, choices as selects, `{key, alt}` pictures as a picker,
// links with the site's sections suggested, longer text as textareas; a part the struct does
// not describe (a union of objects, `dynamic`, a record) is edited as JSON, validated the same way.
import { is, type Struct } from 'superstruct';
import { LONG_TEXT, textMaxOf } from '../../../content/content-limits.ts';
import type { DraftPath } from '../../machines/content-editor/draft-edit.ts';
import { FIELD_LABELS } from './content-texts.tsx';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- superstruct structs are invariant in their type: Struct<unknown> does not accept Struct<Hero>, so "any document" needs any
export type AnyStruct = Struct<any, any>;

export type FieldKind =
  | { kind: 'picture' }
  | { kind: 'object'; fields: ReadonlyArray<readonly [string, AnyStruct]> }
  | { kind: 'list'; item: AnyStruct }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'fixed' }
  | { kind: 'toggle' }
  | { kind: 'number' }
  /** `max`: its most characters (content/content-limits.ts, the server's too). */
  | { kind: 'text'; long: boolean; link: boolean; nullable: boolean; max: number }
  | { kind: 'json' };

const isObjectStruct = (struct: AnyStruct): boolean =>
  (struct.type === 'object' || struct.type === 'type') && typeof struct.schema === 'object' && struct.schema !== null;

/** Whether the field may be left out. */
export const isOptional = (struct: AnyStruct): boolean => is(undefined, struct);

/** A link inside the site: the struct takes a site path and refuses plain words. */
const isLink = (struct: AnyStruct): boolean => is('/', struct) && !is('plain words', struct);

export function fieldKind(struct: AnyStruct, key: string | number | undefined, listKey?: string): FieldKind {
  if (isObjectStruct(struct)) {
    const fields = Object.entries(struct.schema as Record<string, AnyStruct>);
    if (fields.length === 2 && fields.every(([name]) => name === 'key' || name === 'alt')) return { kind: 'picture' };
    return { kind: 'object', fields };
  }
  switch (struct.type) {
    case 'array':
      return struct.schema ? { kind: 'list', item: struct.schema as AnyStruct } : { kind: 'json' };
    case 'enums':
      return { kind: 'choice', options: Object.values(struct.schema as Record<string, string>) };
    case 'literal':
      return { kind: 'fixed' };
    case 'boolean':
      return { kind: 'toggle' };
    case 'number':
    case 'integer':
      return { kind: 'number' };
    case 'string': {
      const name = typeof key === 'string' ? key : (listKey ?? '');
      // Keys whose text runs to sentences (content-limits.ts' LONG_TEXT): a textarea, and the longer maximum.
      return { kind: 'text', long: LONG_TEXT.test(name), link: isLink(struct), nullable: is(null, struct), max: textMaxOf(name) };
    }
    default:
      return { kind: 'json' };
  }
}

/** What a field holds when it is added (an optional field, a new list item). */
export function emptyValue(struct: AnyStruct): unknown {
  const kind = fieldKind(struct, undefined);
  switch (kind.kind) {
    case 'picture':
      return { key: '', alt: '' };
    case 'object':
      return Object.fromEntries(kind.fields.filter(([, field]) => !isOptional(field)).map(([name, field]) => [name, emptyValue(field)]));
    case 'list':
      return [];
    case 'choice':
      return kind.options[0] ?? '';
    case 'fixed':
      return struct.schema as unknown;
    case 'toggle':
      return false;
    case 'number':
      return 0;
    case 'text':
      return kind.nullable ? null : '';
    case 'json':
      return null;
  }
}

/** "primaryAction" → "Primary action". */
export function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's name in the form: content-texts.tsx's FIELD_LABELS, or its key made into words. */
export const fieldLabel = (key: string): string => FIELD_LABELS[key] ?? humanise(key);

/** A path's name in the form kit's ids: ["slides", 1, "heading"] → "p-slides-1-heading". */
export const fieldName = (path: DraftPath): string => ['p', ...path].join('-');

/** A path as the person reads it: ["slides", 1, "heading"] → "Slides › item 2 › Heading". */
export const pathLabel = (path: DraftPath): string =>
  path.length === 0 ? 'The document' : path.map((part) => (typeof part === 'number' ? `item ${part + 1}` : fieldLabel(part))).join(' › ');

/** documentProblems' path text back to its parts: "slides[1].heading" → ["slides", 1, "heading"]. */
export function parsePathText(text: string): DraftPath {
  const parts: Array<string | number> = [];
  for (const match of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) parts.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
  return parts;
}
