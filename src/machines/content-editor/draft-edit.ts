// What one change to a draft is, and the draft after it: the content editor's form sends these
// (a field set, an optional field added or removed, a list item added, removed or moved) and the
// contentEditor machine applies them (ARCHITECTURE.md, "Machines": a machine's data beside it).
// Pure: the draft is never changed in place, so the live document it started from stays as it was.
import type { DocumentName } from '../../../content/document-names.ts';
import type { Problem } from '../../validation/content-editor/content-editor.protocol.ts';
import { documentProblems, pathText } from '../../validation/content-editor/document-problems.ts';
import { NOT_JSON_MESSAGE } from '../../validation/content-editor/problem-messages.ts';

/** A place in a document: keys and list indexes, as superstruct's failures name them. */
export type DraftPath = ReadonlyArray<string | number>;

export type DraftEdit =
  /** A field's value (also adds an optional field). */
  | { op: 'set'; path: DraftPath; value: unknown }
  /** Removes an optional field. */
  | { op: 'unset'; path: DraftPath }
  /** A field edited as JSON (a part the form cannot build from its struct): its text as typed. */
  | { op: 'json'; path: DraftPath; text: string }
  /** Appends an item to the list at `path` (`label`: the list's, for the announcement). */
  | { op: 'insert'; path: DraftPath; value: unknown; label: string }
  | { op: 'remove'; path: DraftPath; index: number; label: string }
  | { op: 'move'; path: DraftPath; from: number; to: number; label: string };

/** JSON text that does not parse yet, by the field's path text, with why. */

export type RawJson = Readonly<Record<string, { text: string; message: string }>>;

export const pathKey = (path: DraftPath): string => JSON.stringify(path);

export function valueAt(document: unknown, path: DraftPath): unknown {
  let value = document;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** `document` with the value at `path` replaced by what `change` makes of it. */
function updateAt(document: unknown, path: DraftPath, change: (value: unknown) => unknown): unknown {
  if (path.length === 0) return change(document);
  const [key, ...rest] = path as [string | number, ...DraftPath];
  if (Array.isArray(document)) {
    const copy = [...(document as unknown[])];
    copy[key as number] = updateAt(copy[key as number], rest, change);
    return copy;
  }
  const record = typeof document === 'object' && document !== null ? (document as Record<string, unknown>) : {};
  const next = updateAt(record[key], rest, change);
  if (next === undefined) {
    const { [key]: _removed, ...others } = record;
    return others;
  }
  return { ...record, [key]: next };
}

const listAt = (value: unknown): unknown[] => (Array.isArray(value) ? [...(value as unknown[])] : []);

/** Parses a JSON field's text: the value, or why it is not JSON. */
export function parseJsonField(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // The parser's own text is for a developer (problem-messages.ts).
    return { ok: false, message: NOT_JSON_MESSAGE };
  }
}

/** The draft after `edit`. A JSON field whose text does not parse leaves the draft as it was. */
export function applyEdit(document: unknown, edit: DraftEdit): unknown {
  switch (edit.op) {
    case 'set':
      return updateAt(document, edit.path, () => edit.value);
    case 'unset':
      return updateAt(document, edit.path, () => undefined);
    case 'json': {
      const parsed = parseJsonField(edit.text);
      return parsed.ok ? updateAt(document, edit.path, () => parsed.value) : document;
    }
    case 'insert':
      return updateAt(document, edit.path, (list) => [...listAt(list), edit.value]);
    case 'remove':
      return updateAt(document, edit.path, (list) => listAt(list).filter((_, index) => index !== edit.index));
    case 'move':
      return updateAt(document, edit.path, (value) => {
        const list = listAt(value);
        if (edit.to < 0 || edit.to >= list.length) return list;
        const [item] = list.splice(edit.from, 1);
        list.splice(edit.to, 0, item);
        return list;
      });
  }
}

/** The JSON fields' texts after `edit`: a text that does not parse is kept with its message, a parsed one dropped. */
export function applyRawJson(raw: RawJson, edit: DraftEdit): RawJson {
  if (edit.op !== 'json') return raw;
  const { [pathKey(edit.path)]: _old, ...others } = raw;
  const parsed = parseJsonField(edit.text);
  return parsed.ok ? others : { ...others, [pathKey(edit.path)]: { text: edit.text, message: parsed.message } };
}

/** What a screen reader hears after a list changed ("Slides: item 2 moved to place 1 of 3."); '' for other edits. */
export function announcementOf(document: unknown, edit: DraftEdit): string {
  const length = listAt(valueAt(document, edit.path)).length;
  switch (edit.op) {
    case 'insert':
      return `${edit.label}: item ${length + 1} added.`;
    case 'remove':
      return `${edit.label}: item ${edit.index + 1} removed; ${length - 1} left.`;
    case 'move':
      return `${edit.label}: item ${edit.from + 1} moved to place ${edit.to + 1} of ${length}.`;
    default:
      return '';
  }
}

/** Every problem of a draft: its struct's, then each JSON field's text that does not parse. */
export function draftProblems(name: DocumentName, document: unknown, raw: RawJson): Problem[] {
  return [...documentProblems(name, document), ...unparsedProblems(raw)];
}

/** Each JSON field's text that does not parse, at its field. */
export const unparsedProblems = (raw: RawJson): Problem[] => Object.entries(raw).map(([key, { message }]) => ({ path: pathText(JSON.parse(key) as DraftPath), message }));
